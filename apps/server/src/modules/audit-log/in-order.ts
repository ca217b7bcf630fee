/**
 * Rows read in the table's physical order, handed on in key order. audit:verify reads millions of rows; asking
 * PostgreSQL for them in key order walks an index and costs about twice a sequential read of the table, while
 * an append-only table's rows lie nearly in key order already. So the rows pass through a window of WINDOW
 * rows (a heap) and leave it smallest first; a row that arrives after a larger one has left (or a key seen
 * twice) cannot be placed, and the reader starts over in key order (OutOfOrder). Every row leaves exactly
 * once, each larger than the one before: the order handed on is the sorted order, or nothing is decided.
 */
export class OutOfOrder extends Error {
  constructor() {
    super('rows further out of order than the window holds');
  }
}

/**
 * Rows written by concurrent transactions land on as many pages, a few hundred numbers apart; a wider window
 * keeps its rows alive long enough to reach the collector's old generation, which cost more than the read.
 */
export const WINDOW = 4_096;

export function inOrder<T>(
  before: (a: T, b: T) => boolean,
  emit: (row: T) => void,
  window = WINDOW,
) {
  const heap: T[] = [];
  let last: T | undefined;
  const take = () => {
    const top = heap[0]!;
    if (last !== undefined && !before(last, top)) throw new OutOfOrder();
    const end = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = end;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && before(heap[l]!, heap[m]!)) m = l;
        if (r < heap.length && before(heap[r]!, heap[m]!)) m = r;
        if (m === i) break;
        [heap[i], heap[m]] = [heap[m]!, heap[i]!];
        i = m;
      }
    }
    last = top;
    emit(top);
  };
  return {
    push(row: T) {
      if (last !== undefined && !before(last, row)) throw new OutOfOrder();
      heap.push(row);
      for (let i = heap.length - 1; i > 0;) {
        const p = (i - 1) >> 1;
        if (!before(heap[i]!, heap[p]!)) break;
        [heap[i], heap[p]] = [heap[p]!, heap[i]!];
        i = p;
      }
      if (heap.length > window) take();
    },
    end() {
      while (heap.length > 0) take();
    },
  };
}
