/**
 * Two tiers (conventions.md 9): `unit` needs nothing running; `int` runs against the real
 * Kafka, FerretDB and Redis that test/support/global-setup.ts starts (or finds running).
 * `bench` holds measuring runs on the same servers, not part of `npm test`.
 * @swc/jest only transpiles, as ts-jest did (isolatedModules): `npm run typecheck` is where types
 * are checked. swc transpiles a file in about a millisecond where ts-jest took tens: a clone at
 * a new path (CI's) starts with jest's transform cache cold, since the cache keys hold the path,
 * and ts-jest spent about 20 CPU-seconds of the unit tier alone there (docs/decisions/test-suite-speed.md).
 */
const swc = (syntax) => ['@swc/jest', {
  swcrc: false,
  jsc: { parser: { syntax }, target: 'es2022', transform: { useDefineForClassFields: true } },
  module: { type: 'commonjs' },
}];
const transform = { '^.+\\.ts$': swc('typescript') };
// npm packages published as ES modules only (openid-client, its oauth4webapi, jose): jest's
// CommonJS runtime cannot load them as they are, so swc turns them into CommonJS too. Node itself
// loads them in the built services (require of ES modules).
const ESM_ONLY = ['openid-client', 'oauth4webapi', 'jose'];
transform[`^.+/node_modules/(${ESM_ONLY.join('|')})/.+\\.js$`] = swc('ecmascript');
const transformIgnorePatterns = [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`];
const common = { testEnvironment: 'node', transform, transformIgnorePatterns, moduleFileExtensions: ['ts', 'js', 'json'] };

module.exports = {
  // Longest files first in any clone, from durations kept outside it (test/support/sequencer.cjs).
  testSequencer: '<rootDir>/test/support/sequencer.cjs',
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/services/*/src/**/*.test.ts', '<rootDir>/services/*/test/**/*.test.ts', '<rootDir>/test/**/*.test.ts', '<rootDir>/web/src/**/*.test.ts'],
      testPathIgnorePatterns: ['\\.int\\.test\\.ts$', '\\.bench\\.test\\.ts$', '/node_modules/'],
    },
    {
      ...common,
      displayName: 'int',
      testMatch: ['<rootDir>/services/*/test/**/*.int.test.ts', '<rootDir>/test/**/*.int.test.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/support/int-timeout.ts'],
    },
    {
      // Measuring runs against the same servers, outside `npm test`: `npm run bench -- save-commands`.
      ...common,
      displayName: 'bench',
      testMatch: ['<rootDir>/services/*/test/**/*.bench.test.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/support/int-timeout.ts'],
    },
  ],
};
