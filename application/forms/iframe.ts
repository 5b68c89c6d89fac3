import type { IframeBlock } from '../../domain/forms/types';

const text = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number')) return v.join(',');
  try {
    return JSON.stringify(v);
  } catch {
    return '';
  }
};

/** SPEC point 9: an iframe without a height is 200px tall. */
export const DEFAULT_IFRAME_HEIGHT = 200;

/**
 * The address of an iframe block: its src with each param `{key, fieldId}` added as a
 * query parameter holding the field's current value (lists joined with commas).
 */
export const iframeUrl = (block: Pick<IframeBlock, 'src' | 'params'>, valueOf: (fieldId: string) => unknown): string => {
  const src = typeof block.src === 'string' ? block.src : '';
  const params = Array.isArray(block.params) ? block.params.filter((p) => p && typeof p.key === 'string' && p.key !== '') : [];
  if (params.length === 0) return src;
  const [path, hash = ''] = src.split('#', 2) as [string, string?];
  const query = params.map((p) => `${encodeURIComponent(p.key)}=${encodeURIComponent(text(valueOf(p.fieldId)))}`).join('&');
  const joined = `${path}${path.includes('?') ? '&' : '?'}${query}`;
  return hash ? `${joined}#${hash}` : joined;
};

export const iframeHeight = (block: Pick<IframeBlock, 'height'>): number =>
  typeof block.height === 'number' && Number.isFinite(block.height) && block.height > 0 ? block.height : DEFAULT_IFRAME_HEIGHT;
