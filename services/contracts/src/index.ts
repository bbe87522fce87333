export * from './envelope';
export * from './errors';
export * from './events';
export * from './users';
export * from './rules/signup';
