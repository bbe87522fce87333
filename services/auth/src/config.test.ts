import { authConfigSchema } from './config';

const base = { MONGO_URL: 'mongodb://127.0.0.1:27017/auth', KAFKA_BROKERS: '127.0.0.1:9092', REDIS_URL: 'redis://127.0.0.1:6379' };

describe('LOGIN_IP_RULE_EXEMPT', () => {
  it('is a list of addresses, empty by default', () => {
    expect(authConfigSchema.parse(base).LOGIN_IP_RULE_EXEMPT).toEqual([]);
    expect(authConfigSchema.parse({ ...base, LOGIN_IP_RULE_EXEMPT: ' 10.0.0.1, ::1 ,' }).LOGIN_IP_RULE_EXEMPT).toEqual(['10.0.0.1', '::1']);
  });

  it('refuses a value that is not an address, naming it', () => {
    const r = authConfigSchema.safeParse({ ...base, LOGIN_IP_RULE_EXEMPT: '10.0.0.1,office' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('not an IP address: office');
  });
});
