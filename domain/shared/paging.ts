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
