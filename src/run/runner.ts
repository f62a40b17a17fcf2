/**
 * What the runner tells the step about where it runs, from variables no command of the run can
 * change (`GITHUB_SERVER_URL`, `GITHUB_REPOSITORY`, `GITHUB_RUN_ID`) and its own layout: the pages
 * of this repository and this run, and the file-command files through which a step steers the job.
 */

/** The repository's page, when the runner says where it is. */
export function repositoryUrlOf(env: NodeJS.ProcessEnv): string | undefined {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repository } = env;
  if (!server || !repository) return undefined;
  return `${server.replace(/\/+$/, '')}/${repository}`;
}

/** The link to this workflow run, when the runner says where it is. */
export function runUrlOf(env: NodeJS.ProcessEnv): string | undefined {
  const repository = repositoryUrlOf(env);
  const id = env.GITHUB_RUN_ID;
  return repository && id ? `${repository}/actions/runs/${id}` : undefined;
}

/**
 * The variables that name the runner's file-command files: what is appended to them steers later
 * steps (`env`, `path`), sets this step's outputs and state, or writes its summary.
 */
export const FILE_COMMANDS = {
  env: 'GITHUB_ENV',
  path: 'GITHUB_PATH',
  output: 'GITHUB_OUTPUT',
  state: 'GITHUB_STATE',
  summary: 'GITHUB_STEP_SUMMARY',
} as const;

/** All of them: an agent's command that could write to one could forge what the step reports. */
export const FILE_COMMAND_VARIABLES: readonly string[] = Object.values(FILE_COMMANDS);

/** The runner keeps every step's file-command files here; a step could reach its neighbours'. */
export const FILE_COMMAND_DIRECTORY = '_runner_file_commands';
