import type { KeyValueStorage } from '../ports/runtime';

/**
 * The school this device is bound to (SPEC point 2 "Login": the school code comes
 * first). Kept on the device so the login page and a later visit know the tenant
 * without asking again; the service host itself lives in the HostStore, which the
 * HTTP client reads.
 */
export interface BoundSchool {
  /** The code the user entered or scanned. */
  readonly code: string;
  /** What mobile-login sends as tenantCode (Data.SchoolCode, else Data.code). */
  readonly tenantCode: string;
  readonly name: string;
}

export const SCHOOL_STORAGE_KEY = 'campus.school';

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** Reads a stored record; anything unreadable means "no school bound". */
export const parseBoundSchool = (raw: unknown): BoundSchool | null => {
  if (typeof raw !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  const code = text(record.code);
  const tenantCode = text(record.tenantCode);
  if (code === null || tenantCode === null) return null;
  return { code, tenantCode, name: text(record.name) ?? tenantCode };
};

/** Two bindings are the same school when their tenant codes match, whatever the case. */
export const sameSchool = (a: BoundSchool | null, b: BoundSchool | null): boolean =>
  a !== null && b !== null && a.tenantCode.toLowerCase() === b.tenantCode.toLowerCase();

export class SchoolStore {
  constructor(private readonly storage: KeyValueStorage) {}

  get(): BoundSchool | null {
    return parseBoundSchool(this.storage.get(SCHOOL_STORAGE_KEY));
  }

  set(school: BoundSchool): void {
    this.storage.set(SCHOOL_STORAGE_KEY, JSON.stringify({ code: school.code, tenantCode: school.tenantCode, name: school.name }));
  }

  clear(): void {
    this.storage.remove(SCHOOL_STORAGE_KEY);
  }
}
