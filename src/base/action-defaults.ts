// Generated from action.yml by `npm run docs`: change the default there, not here.

/**
 * action.yml's defaults, applied when an input is empty. The runner applies them itself, but a run
 * of `dist/index.js` outside a runner (tests, `npm run agent`) does not, so they must hold here
 * too. An expression default (`${{ github.token }}`) has no value outside a runner and is left out.
 */
export const INPUT_DEFAULTS: Readonly<Record<string, string>> = {
  'trigger-phrase': '/agent',
  'min-permission': 'write',
  provider: 'anthropic',
  model: 'claude-sonnet-5-5',
  'max-tokens': '16000',
  'working-directory': '.',
  'allowed-commands':
    'ls *\ncat *\nhead *\ntail *\nwc *\ngrep *\nfind *\npwd\ncd *\necho *\ngit status *\ngit diff *\ngit log *\ngit show *\n',
  'command-timeout': '120',
  'time-limit': '30',
  'max-turns': '30',
  'max-cost-usd': '5',
  'max-output': '30000',
  commit: 'false',
  'pull-request': 'false',
  summary: 'true',
  comment: 'auto',
  'upload-transcript': 'true',
  'fail-on-limit': 'true',
  sandbox: 'auto',
  network: 'on',
};
