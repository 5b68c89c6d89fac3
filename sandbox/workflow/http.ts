import { HttpError, type SandboxRequest, type SandboxUser } from '../module';

/**
 * Request readers for the workflow routes. Each throws a 400 the client can show,
 * so handlers read and check everything before they change anything.
 */

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function requireUser(req: SandboxRequest): SandboxUser {
  if (!req.user) throw new HttpError(401, '未登录');
  return req.user;
}

export function bodyObject(req: SandboxRequest): Record<string, unknown> {
  if (req.body === undefined || req.body === null) return {};
  if (!isRecord(req.body)) throw new HttpError(400, '请求体格式不正确');
  return req.body;
}

/** A value by name from the query, then the body, ignoring case (ASP.NET binds both ways). */
export function pick(req: SandboxRequest, name: string): unknown {
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(req.query)) if (k.toLowerCase() === lower) return Array.isArray(v) ? v[0] : v;
  if (isRecord(req.body)) for (const [k, v] of Object.entries(req.body)) if (k.toLowerCase() === lower) return v;
  return undefined;
}

/** All values of a repeated query key or a body array, ignoring case. */
export function pickList(req: SandboxRequest, name: string): unknown {
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(req.query)) if (k.toLowerCase() === lower) return v;
  if (isRecord(req.body)) for (const [k, v] of Object.entries(req.body)) if (k.toLowerCase() === lower) return v;
  return undefined;
}

export function optString(v: unknown, what: string): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') throw new HttpError(400, `${what}必须是字符串`);
  const s = v.trim();
  return s === '' ? undefined : s;
}

export function reqString(v: unknown, what: string): string {
  const s = optString(v, what);
  if (s === undefined) throw new HttpError(400, `${what}不能为空`);
  return s;
}

export function optInt(v: unknown, what: string, min: number, max: number): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) throw new HttpError(400, `${what}不正确`);
  return n;
}

export function optBool(v: unknown, what: string): boolean | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  if (v === true || v === 'true' || v === 1 || v === '1') return true;
  if (v === false || v === 'false' || v === 0 || v === '0') return false;
  throw new HttpError(400, `${what}不正确`);
}

/** A list of ids: an array, a comma-separated string, or absent (empty). */
export function idList(v: unknown, what: string): string[] {
  if (v === undefined || v === null || v === '') return [];
  const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : null;
  if (!items) throw new HttpError(400, `${what}格式不正确`);
  const out: string[] = [];
  for (const item of items) {
    if (typeof item !== 'string' && typeof item !== 'number') throw new HttpError(400, `${what}格式不正确`);
    const s = String(item).trim();
    if (s !== '' && !out.includes(s)) out.push(s);
  }
  return out;
}

/**
 * A list-query time: YYYY-MM-DDTHH:mm (SPEC point 9), also with seconds, a space or
 * only the date. Read as the server's local time, like the client means it.
 */
export function optTime(v: unknown, what: string): Date | undefined {
  const s = optString(v, what);
  if (s === undefined) return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(s);
  if (!m) throw new HttpError(400, `${what}格式不正确`);
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0));
  if (Number.isNaN(d.getTime())) throw new HttpError(400, `${what}格式不正确`);
  return d;
}

export const ok = (body: unknown) => ({ status: 200, body });
