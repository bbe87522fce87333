import { z } from 'zod';
import { baseConfigSchema, ConfigError, loadConfig } from './config';

const good = { PORT: '4001', MONGO_URL: 'mongodb://127.0.0.1:27017/pinhive_auth', KAFKA_BROKERS: '127.0.0.1:9092, 127.0.0.1:9094' };

describe('loadConfig', () => {
  it('parses and freezes a valid environment, with defaults', () => {
    const config = loadConfig(baseConfigSchema, good);
    expect(config.PORT).toBe(4001);
    expect(config.KAFKA_BROKERS).toEqual(['127.0.0.1:9092', '127.0.0.1:9094']);
    expect(config.LOG_LEVEL).toBe('info');
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('lists every bad variable in one error', () => {
    const run = () => loadConfig(baseConfigSchema, { PORT: 'eighty', MONGO_URL: 'http://x', KAFKA_BROKERS: 'nohostport' });
    expect(run).toThrow(ConfigError);
    try {
      run();
    } catch (err) {
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toMatch(/^PORT: /m);
      expect(problems).toMatch(/^MONGO_URL: must be mongodb:\/\/host:port\/database/m);
      expect(problems).toMatch(/^KAFKA_BROKERS\.0: must be host:port/m);
    }
  });

  it('keeps handled-event records 7 days unless told otherwise, and refuses less than a day', () => {
    expect(loadConfig(baseConfigSchema, good).PROCESSED_EVENTS_RETENTION_DAYS).toBe(7);
    expect(loadConfig(baseConfigSchema, { ...good, PROCESSED_EVENTS_RETENTION_DAYS: '30' }).PROCESSED_EVENTS_RETENTION_DAYS).toBe(30);
    expect(() => loadConfig(baseConfigSchema, { ...good, PROCESSED_EVENTS_RETENTION_DAYS: '0' })).toThrow(/PROCESSED_EVENTS_RETENTION_DAYS/);
    expect(() => loadConfig(baseConfigSchema, { ...good, PROCESSED_EVENTS_RETENTION_DAYS: 'a week' })).toThrow(/PROCESSED_EVENTS_RETENTION_DAYS/);
  });

  it('accepts service-specific variables through extend()', () => {
    const schema = baseConfigSchema.extend({ REDIS_URL: z.string().startsWith('redis://') });
    expect(() => loadConfig(schema, good)).toThrow(/REDIS_URL/);
    expect(loadConfig(schema, { ...good, REDIS_URL: 'redis://127.0.0.1:6379' }).REDIS_URL).toBe('redis://127.0.0.1:6379');
  });
});
