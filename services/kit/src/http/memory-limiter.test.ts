import { AppError } from '../errors';
import { MemoryRateLimiter } from './memory-limiter';

describe('MemoryRateLimiter', () => {
  it('lets a key through its points, then answers 429, per key', async () => {
    const limiter = new MemoryRateLimiter({ keyPrefix: 't', points: 2, durationSeconds: 60 });
    await limiter.consume('ada');
    await limiter.consume('ada');
    await expect(limiter.consume('ada')).rejects.toMatchObject({ code: 'too_many_requests', status: 429 });
    await expect(limiter.consume('grace')).resolves.toBeUndefined();
    await expect(limiter.consume('ada')).rejects.toBeInstanceOf(AppError);
  });
});
