export * from './envelope';
export * from './errors';
export * from './events';
export * from './users';
export * from './rules/signup';
export * from './auth';
export * from './rules/email-typo';
export * from './rules/next-url';
