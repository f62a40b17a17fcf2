/**
 * Two tiers of tests, as two jest projects:
 * - `fast` (`npm test`): what a developer runs every few minutes — every unit test, and from each
 *   family of integration tests (the bundle on Node 24, the real bash session, real git, the policy
 *   against bash) the one small file that shows the family still works.
 * - `integration`: the rest of those families, which wait on processes (bash, git, the bundle) far
 *   more than they compute.
 * `npm run check` (what CI runs) runs both on two workers, and the policy's fuzzer its whole set
 * (BASH_AGENT_TESTS=all); the fast tier runs a small set of it on a seed that changes every day.
 *
 * TypeScript is transformed one file at a time by esbuild (__fixtures__/jest-transform.mjs); the
 * type check is `npm run typecheck`'s, over the whole project.
 */

// The same environment for the tests whichever way jest is started (`npm test`, `npx jest`, `node
// node_modules/jest/bin/jest.js`). Set here, in the process that starts the workers, because a test
// file's process.env is a copy that the processes it spawns do not inherit.
// - npm's variables (npm_config_cache, npm_lifecycle_event, INIT_CWD…) are dropped: a test that
//   read one would pass only under npm.
// - SHLVL is 1, as under any shell: bash started without it and with a socket as its standard input
//   (Node's pipes are sockets) takes itself for an ssh session and reads ~/.bashrc, so a test's
//   `bash -c` would run the user's start-up files.
for (const name of Object.keys(process.env)) {
  if (name.startsWith('npm_') || name === 'INIT_CWD') delete process.env[name];
}
process.env.SHLVL = '1';

/** The integration tier, by family. A new test file is in the fast tier unless it is named here. */
const INTEGRATION = [
  // The bundle on Node 24, run as the runner runs it (smoke test in the fast tier: e2e-commit).
  'e2e',
  'e2e-faults',
  'e2e-github',
  'e2e-shield',
  'e2e-vertex',
  'e2e-sandbox',
  'e2e-artifact',
  'e2e-post',
  'e2e-exit',
  'e2e-deadlines',
  'e2e-transcript',
  // The real bash session (smoke test: bash-tool).
  'session',
  'session-frame',
  'cancellation',
  'output-cap',
  'process-tree',
  'shell-cgroup',
  'decision-cache',
  'redact-then-cut',
  // The kernel's sandbox around the real session (smoke test: the bundle runs under `sandbox: auto`,
  // so e2e-commit runs confined where the kernel offers Landlock).
  'sandbox-session',
  'sandbox-attacks',
  // Real git repositories (smoke test: git-exec).
  'git-commit',
  'git-checkout',
  'git-planted',
  'guard',
  'git-index-lock',
  'git-repo',
  // The policy against bash, and its corpora (smoke test: policy-print-bash).
  'policy-equivalence',
  'policy-guards',
  'policy-print',
  'policy-replay',
  'policy-spellings',
  'policy-corpus',
  'policy-realistic',
  'policy-allowances',
  'policy-git-operands',
  // The policy's command line, each case a process of its own through tsx (smoke test: agent-cli).
  'policy-cli',
  // Bodies cut and reset by a raw-socket API, with the SDK's back-off (smoke test: agent-loop).
  'response-faults',
];

const integrationFiles = INTEGRATION.map((name) => `<rootDir>/__tests__/${name}.test.ts`);

/** What both tiers share. */
const common = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': '<rootDir>/__fixtures__/jest-transform.mjs' },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // A crash of the command policy fails the test instead of passing for a refusal.
  setupFiles: ['<rootDir>/__fixtures__/strict-policy.ts'],
};

export default {
  testTimeout: 30000,
  verbose: false,
  projects: [
    {
      ...common,
      displayName: 'fast',
      testMatch: ['<rootDir>/__tests__/**/*.test.ts'],
      testPathIgnorePatterns: [...common.testPathIgnorePatterns, ...integrationFiles],
    },
    { ...common, displayName: 'integration', testMatch: integrationFiles },
  ],
};
