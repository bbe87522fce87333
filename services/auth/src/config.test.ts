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

describe('sign-in providers', () => {
  const sso = { SSO_ISSUER: 'https://idp.example.com', SSO_CLIENT_ID: 'pinhive', SSO_CLIENT_SECRET: 's3cret', SSO_DOMAINS: 'Example.com, corp.example.com' };
  const issues = (env: Record<string, string>) => authConfigSchema.safeParse({ ...base, ...env }).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

  it('are all off by default', () => {
    const c = authConfigSchema.parse(base);
    expect([c.SSO_ISSUER, c.GOOGLE_CLIENT_ID, c.FACEBOOK_APP_ID, c.LINE_CHANNEL_ID]).toEqual([undefined, undefined, undefined, undefined]);
    expect(c.SSO_DOMAINS).toEqual([]);
  });

  it('reads the SSO domains as a lower-case list', () => {
    expect(authConfigSchema.parse({ ...base, ...sso }).SSO_DOMAINS).toEqual(['example.com', 'corp.example.com']);
  });

  it('wants SSO settings together, with its domains', () => {
    expect(issues({ SSO_ISSUER: sso.SSO_ISSUER, SSO_DOMAINS: 'example.com' })).toEqual([
      'SSO_CLIENT_ID: SSO needs SSO_ISSUER, SSO_CLIENT_ID and SSO_CLIENT_SECRET together',
      'SSO_CLIENT_SECRET: SSO needs SSO_ISSUER, SSO_CLIENT_ID and SSO_CLIENT_SECRET together',
    ]);
    expect(issues({ ...sso, SSO_DOMAINS: '' })).toEqual(['SSO_DOMAINS: required with SSO_ISSUER: the email domains that sign in with SSO']);
    expect(issues({ FACEBOOK_APP_ID: '123' })).toEqual(['FACEBOOK_APP_SECRET: FACEBOOK_APP_ID and FACEBOOK_APP_SECRET go together']);
  });

  it('refuses a plain-HTTP provider in production', () => {
    const prod = { NODE_ENV: 'production', HUMAN_CHECK: 'local', MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://mail:25', SMS_TRANSPORT: 'none', MFA_SECRET_KEY: Buffer.alloc(32, 7).toString('base64') };
    expect(issues({ ...prod, ...sso })).toEqual([]);
    expect(issues({ ...prod, ...sso, SSO_ISSUER: 'http://127.0.0.1:9400' })).toEqual(['SSO_ISSUER: must be https in production']);
    expect(issues({ ...sso, SSO_ISSUER: 'http://127.0.0.1:9400' })).toEqual([]);
  });
});

describe('MFA_SECRET_KEY', () => {
  const prod = { NODE_ENV: 'production', HUMAN_CHECK: 'local', MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://mail:25', SMS_TRANSPORT: 'none' };
  const issues = (env: Record<string, string>) => authConfigSchema.safeParse({ ...base, ...env }).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

  it('is required in production, and must be 32 bytes', () => {
    expect(issues(prod)).toEqual(["MFA_SECRET_KEY: required in production: seals authenticator apps' secrets (openssl rand -base64 32)"]);
    expect(issues({ ...prod, MFA_SECRET_KEY: Buffer.alloc(16).toString('base64') })).toEqual(['MFA_SECRET_KEY: must be 32 bytes in base64 (openssl rand -base64 32)']);
    expect(issues({ ...prod, MFA_SECRET_KEY: Buffer.alloc(32, 1).toString('base64') })).toEqual([]);
    expect(issues({})).toEqual([]);
  });
});
