import { Redis } from 'ioredis';
import type { Logger } from '../logger';

/**
 * ioredis with the offline queue off: while Redis is unreachable, commands fail at once
 * instead of piling up, so callers can answer 503 (never "unlimited attempts").
 */
export function connectRedis(url: string, logger: Logger): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    lazyConnect: false,
  });
  redis.on('ready', () => logger.info('redis ready'));
  redis.on('error', (err: Error) => logger.warn({ err: err.message }, 'redis error'));
  return redis;
}

export async function redisReady(redis: Redis): Promise<boolean> {
  if (redis.status !== 'ready') return false;
  return (await redis.ping()) === 'PONG';
}
