/**
 * Attacks whose every call is allowed, because the script the policy prints for bash defeats them:
 * arithmetic reads variables, and an array subscript a variable, through a guard that stops on a
 * value that is not a number, and `${!x}` a check that x names a variable (guards.ts). The
 * replay (policy-replay.test.ts) runs them through a real bash and shows the canary is not created.
 */
export const DEFEATED_BY_THE_PRINT = new Set([
  'persist-arith-var',
  'persist-arith-dollar',
  'persist-dbracket-eq',
  'persist-substring',
  'persist-arith-git-log',
  'persist-head-arith',
  'persist-subscript-var',
  // `${!x}` reads through a check that x holds a variable name.
  'persist-indirect',
  // The print ends sort's options before the words xargs appends (`xargs sort /dev/null --`).
  'xargs-sort-o-from-stdin',
]);
