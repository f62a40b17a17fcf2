import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { runInNewContext } from 'node:vm';
import { collectGarbageNow } from '../src/run/v8-tuning.js';
import { shippedNode } from '../__fixtures__/node24.js';

describe('collectGarbageNow', () => {
  it('runs a major collection', async () => {
    const kinds: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        kinds.push((entry as unknown as { detail: { kind: number } }).detail.kind);
      }
    });
    observer.observe({ entryTypes: ['gc'] });
    collectGarbageNow();
    // GC entries are delivered asynchronously.
    await new Promise((resolve) => setTimeout(resolve, 50));
    observer.disconnect();
    expect(kinds).toContain(constants.NODE_PERFORMANCE_GC_MAJOR);
  });

  it('leaves no `gc` function for the rest of the process to find', () => {
    collectGarbageNow();
    expect('gc' in globalThis).toBe(false);
    // Nor in a context made afterwards: the flag is off again.
    expect(runInNewContext('typeof gc')).toBe('undefined');
  });
});

// On the Node the action ships for: the flags belong to its V8.
describe('leaveMaglevOff', () => {
  // Bits of V8's OptimizationStatus (src/runtime/runtime-test.cc).
  const OPTIMIZED = 1 << 4;
  const MAGLEV = 1 << 5;
  const TURBOFAN = 1 << 6;
  const statusAfter = (calls: number, mode: 'maglev-off' | 'default'): number => {
    const child = spawnSync(
      shippedNode(),
      [
        '--allow-natives-syntax',
        '--import',
        'tsx',
        '__fixtures__/tier-status.ts',
        String(calls),
        mode,
      ],
      { encoding: 'utf8' },
    );
    if (child.status !== 0) throw new Error(child.stderr);
    return (JSON.parse(child.stdout) as { status: number }).status;
  };

  it('keeps a function that V8 alone optimises with Maglev within 1000 calls off Maglev', () => {
    expect(statusAfter(1000, 'default') & MAGLEV).toBe(MAGLEV);
    expect(statusAfter(1000, 'maglev-off') & (OPTIMIZED | MAGLEV)).toBe(0);
  });

  it('still optimises a function that stays hot with TurboFan', () => {
    expect(statusAfter(20_000, 'maglev-off') & (OPTIMIZED | MAGLEV | TURBOFAN)).toBe(
      OPTIMIZED | TURBOFAN,
    );
  });
});
