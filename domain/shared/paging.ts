/** Paging rules shared by every paged list (SPEC point 9 "Page sizes"). */

/** A page shorter than the page size means there is no more. */
export const hasMoreAfterPage = (received: number, pageSize: number): boolean =>
  Number.isFinite(received) && Number.isFinite(pageSize) && pageSize > 0 && received >= pageSize;

/** skipCount for a 1-based page: (page-1)*size; pages below 1 or unreadable read as page 1. */
export const skipCountFor = (page: number, pageSize: number): number => {
  const p = Number.isFinite(page) ? Math.max(1, Math.floor(page)) : 1;
  const size = Number.isFinite(pageSize) ? Math.max(0, Math.floor(pageSize)) : 0;
  return (p - 1) * size;
};

/**
 * How many items of a long list to draw (a backend may send thousands: drawn all at once,
 * a phone's main thread is gone for seconds). From `drawn`, and at least through item
 * `through` (one the user asked for), items are added until they make `perStep` rows or
 * tiles (`sizes`: each item's count; an item counts as one at least). Never fewer than
 * `drawn`, never more than there are.
 */
export const itemsToDraw = (sizes: readonly number[], drawn: number, through: number, perStep: number): number => {
  const total = sizes.length;
  const step = Number.isFinite(perStep) && perStep > 0 ? perStep : 1;
  const from = Math.min(total, Math.max(0, Number.isFinite(drawn) ? Math.floor(drawn) : 0));
  let n = Math.max(from, Math.min(total, Number.isFinite(through) ? Math.floor(through) + 1 : 0));
  let count = 0;
  while (n < total && count < step) {
    const size = sizes[n];
    count += Number.isFinite(size) && (size as number) > 1 ? (size as number) : 1;
    n += 1;
  }
  return n;
};

/** A list of files, records or rows drawn a step at a time: about this many at once. */
export const ROWS_PER_STEP = 60;
