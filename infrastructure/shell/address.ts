import { safeWebAddress } from '../../domain/shell/links';

/**
 * An address for a shell web view or the file page: absolute http(s) as it is, a
 * same-origin path ('/files/a.pdf') made absolute against `base`; anything else
 * (javascript:, data:, '//host', garbage) is refused with null.
 */
export const absoluteWebAddress = (raw: unknown, base: string): string | null => {
  if (typeof raw !== 'string') return null;
  const s = raw.trim();
  if (s.startsWith('/') && !s.startsWith('//')) {
    try {
      return safeWebAddress(new URL(s, base).href);
    } catch {
      return null;
    }
  }
  return safeWebAddress(s);
};
