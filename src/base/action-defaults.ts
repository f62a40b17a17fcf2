/**
 * The action.yml defaults, applied when an input is empty. The runner applies them itself, but a run
 * of `dist/index.js` outside a runner (tests, `npm run agent`) does not, so they must hold here too.
 */
export const INPUT_DEFAULTS: Readonly<Record<string, string>> = {
  'trigger-phrase': '/agent',
  'min-permission': 'write',
  provider: 'anthropic',
  model: 'claude-sonnet-5-5',
  'max-tokens': '16000',
  'working-directory': '.',
  'command-timeout': '120',
  'time-limit': '30',
  'max-turns': '30',
  'max-cost-usd': '5',
  'max-output': '30000',
  commit: 'false',
  'pull-request': 'false',
  summary: 'true',
  'upload-transcript': 'true',
  comment: 'auto',
  'fail-on-limit': 'true',
  sandbox: 'auto',
  network: 'on',
};
