import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection on demand, for the one job that needs it: a long export. node-postgres's
 * parsed rows are promoted to the old generation while a million rows stream through, and V8 lets its
 * old generation grow to a multiple of the live heap before it collects, so the process would grow by
 * its garbage (figures: docs/performance/exports.md). `--expose-gc` set at run time exposes `gc` to a
 * new context only; nothing else in the server sees it.
 */
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

const usedHeap = () => getHeapStatistics().used_heap_size;

/**
 * Keeps the heap within `slackBytes` of what it was when the guard was made: `check()` after each batch
 * collects once the garbage passes the slack (a short pause, rarely: docs/performance/exports.md).
 */
export function heapBound(slackBytes: number) {
  let base = usedHeap();
  return {
    check() {
      if (usedHeap() - base <= slackBytes) return;
      collect();
      // What is live now (another export's rows, say) is the new floor, so a busy server does not collect on every batch.
      base = usedHeap();
    },
  };
}
