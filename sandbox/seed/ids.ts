/**
 * Stable ids for seeded records, so links between seed parts (and tests) can name
 * them. GUID-shaped because the real backend's ids are GUIDs.
 */
export const TENANT_ID = '3a11d000-0000-4000-8000-000000000001';
export const PC_ONLY_TENANT_ID = '3a11d000-0000-4000-8000-000000000002';

export const CAMPUS_MAIN = '3a11c000-0000-4000-8000-000000000001';
export const CAMPUS_EAST = '3a11c000-0000-4000-8000-000000000002';
/** Appears in seeded links only: no user has it (该校区不存在). */
export const CAMPUS_UNKNOWN = '3a11c000-0000-4000-8000-0000000000ff';

export const userId = (account: string): string => `3a11a000-0000-4000-8000-${account.replace(/\D/g, '').padStart(12, '0')}`;

export const USER = {
  t1001: userId('t1001'),
  t1002: userId('t1002'),
  t1003: userId('t1003'),
  s2001: userId('s2001'),
  s2002: userId('s2002'),
  s2003: userId('s2003'),
  p3001: userId('p3001'),
  e4001: userId('e4001'),
  o5001: userId('o5001'),
} as const;

export const ROSTER = {
  s2001: '3a11b000-0000-4000-8000-000000002001',
  s2002: '3a11b000-0000-4000-8000-000000002002',
  s2003: '3a11b000-0000-4000-8000-000000002003',
  chenXiaoyu: '3a11b000-0000-4000-8000-000000009001',
  zhouXiaobei: '3a11b000-0000-4000-8000-000000009002',
  wuXiaonan: '3a11b000-0000-4000-8000-000000009003',
} as const;

/** A deterministic GUID-shaped id: `kind` is 4 hex digits naming the record kind. */
export const seqId = (kind: string, n: number): string => `3a11${kind}-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The digits of an account (t1001 -> 1001), used to keep per-user seeded ids apart. */
export const accountNo = (account: string): number => Number(account.replace(/\D/g, '')) || 0;
