import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { heapBound } from './heap-bound';

const usedMb = () => getHeapStatistics().used_heap_size / 2 ** 20;

describe('heapBound', () => {
  it('collects the garbage once it passes the slack, and only then', () => {
    const heap = heapBound(16 * 2 ** 20);
    const before = usedMb();
    // About 60 MB of small objects kept alive long enough to be promoted to the old generation, then dropped:
    // garbage V8 would leave in place until its old generation grows much further.
    let junk: Array<{ i: number; text: string }> | undefined = Array.from({ length: 600_000 }, (_, i) => ({ i, text: `row ${i}` }));
    expect(junk.length).toBe(600_000);
    junk = undefined;
    expect(usedMb() - before).toBeGreaterThan(16);
    heap.check();
    expect(usedMb() - before).toBeLessThan(16);
  });

  it('leaves the heap alone under the slack', () => {
    const heap = heapBound(256 * 2 ** 20);
    let junk: string[] | undefined = Array.from({ length: 100_000 }, (_, i) => `row ${i}`);
    expect(junk.length).toBe(100_000);
    junk = undefined;
    const before = usedMb();
    heap.check();
    // No collection ran: the garbage is still counted.
    expect(usedMb()).toBeGreaterThanOrEqual(before - 0.5);
  });
});
