import { resolveWebAddress } from '../../domain/shell/links';

/**
 * An address for a shell web view or the file page: absolute http(s) as it is, a
 * same-origin path ('/files/a.pdf') made absolute against `base`; anything else
 * (javascript:, data:, '//host', '/\\host', garbage) is refused with null. The rule is
 * domain resolveWebAddress.
 */
export const absoluteWebAddress = (raw: unknown, base: string): string | null => resolveWebAddress(raw, base);
