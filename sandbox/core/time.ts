/**
 * Wire dates are naive local date-times, `YYYY-MM-DDTHH:mm:ss`, the way an ABP
 * backend serialises DateTime without a zone. The sandbox uses its own process time
 * zone, which is the browser's in every local setup.
 */
const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

export function fmt(d: Date): string {
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` +
    `T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
  );
}

export function fmtDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

/** Parses the wire format (also with a space, without seconds, or date only); null if malformed. */
export function parseLocal(s: string): Date | null {
  const m = LOCAL.exec(s.trim());
  if (!m) {
    // A zoned ISO string is accepted too.
    if (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(s)) {
      const d = new Date(s);
      return Number.isNaN(d.getTime()) ? null : d;
    }
    return null;
  }
  const [, y, mo, da, h, mi, se] = m;
  const d = new Date(Number(y), Number(mo) - 1, Number(da), Number(h ?? 0), Number(mi ?? 0), Number(se ?? 0));
  if (d.getMonth() !== Number(mo) - 1 || d.getDate() !== Number(da)) return null;
  return d;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function addMs(d: Date, ms: number): Date {
  return new Date(d.getTime() + ms);
}
