// The default allow list as the policy's own list of patterns, read from action.yml's default (one
// source), in a module of its own so that its users need not load the parser.
import { INPUT_DEFAULTS } from '../../base/action-defaults.js';

/** The read-only default of the `allowed-commands` input (interface.md), one pattern a line. */
export const DEFAULT_ALLOWED_COMMANDS: readonly string[] = (
  INPUT_DEFAULTS['allowed-commands'] ?? ''
)
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '');
