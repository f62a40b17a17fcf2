import { describe, expect, it } from '@jest/globals';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { runInNewContext } from 'node:vm';
import { collectGarbageNow } from '../src/v8-tuning.js';

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
