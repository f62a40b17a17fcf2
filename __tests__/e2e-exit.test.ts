/**
 * The bundled action ends once its report is out, whatever a command left running: daemons that
 * leave the shell's process group, with their descriptors closed, kept, or pointed at the action's
 * own standard output (which the runner reads until every writer is gone). The run is timed from
 * start to the close of the action's output. Runs on dist/: `npm run bundle` first after changes.
 */
import { describe, expect, it } from '@jest/globals';
import { useBundleRuns } from '../__fixtures__/bundle-runs.js';
import { commands, final } from '../__fixtures__/messages.js';
import { processesWith } from '../__fixtures__/processes.js';

const KEY = 'sk-ant-api03-Exit0bound0key0000000000000000000000';
/** The action's own bound: the run, its report, and at most two seconds of exit after it. */
const BOUND_MS = 20_000;

const runs = useBundleRuns();
const tag = (n: number) => `${process.pid}.${n}`;

describe('dist/index.js with a leftover that holds a descriptor', () => {
  it.each([
    ['closed its descriptors', `(setsid sleep ${tag(1)} >/dev/null 2>&1 &)`, tag(1)],
    ['kept the shell’s output', `(setsid sleep ${tag(2)} &)`, tag(2)],
    [
      'writes to the action’s own output, without the shell’s marker',
      `(env -u BASH_AGENT_SHELL -u BASH_AGENT_RUN setsid sh -c "exec sleep ${tag(3)} >/proc/$PPID/fd/1 2>&1 </dev/null" &)`,
      tag(3),
    ],
  ])(
    'ends within the bound when it %s, and leaves it not running',
    async (_what, command, mark) => {
      const { run } = await runs.scripted(
        [commands(command), final('Done.')],
        { task: 'Start it.', 'anthropic-api-key': KEY, 'allowed-commands': '*' },
        { run: { timeoutMs: BOUND_MS } },
      );
      expect(run.outputs.conclusion).toBe('success');
      expect(run.code).toBe(0);
      expect(run.elapsedMs).toBeLessThan(BOUND_MS);
      expect(processesWith(mark)).toEqual([]);
    },
    60_000,
  );
});
