// ESM mode: ts-jest only transpiles (isolatedModules); `npm run typecheck` does the type checking.
export default {
  preset: 'ts-jest/presets/default-esm',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }] },
  testMatch: ['**/__tests__/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  testTimeout: 30000,
  // A crash of the command policy fails the test instead of passing for a refusal.
  setupFiles: ['<rootDir>/__fixtures__/strict-policy.ts'],
  verbose: false,
};
