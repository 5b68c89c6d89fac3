import DOMPurify, { type Config } from 'dompurify';

/**
 * Notice HTML comes from the server and may be hostile (SPEC point 3: context is HTML).
 * Nothing executable survives: no script, style or frame elements, no on* handlers, and
 * no address other than http(s), mailto, tel or a site path (so no javascript: or data:
 * links). Links keep their address but are opened by the notice screen, never by the
 * browser, so they cannot navigate the app away.
 */

/** http(s), mailto, tel, or a relative address (no scheme before the first : / ? #). */
const SAFE_URI = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'option', 'base', 'link', 'meta', 'svg', 'math'],
  FORBID_ATTR: ['srcset', 'action', 'formaction', 'xlink:href'],
  ALLOWED_URI_REGEXP: SAFE_URI,
  ALLOW_DATA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
};

let hooked = false;
const installHooks = (): void => {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    const el = node as Element;
    if (typeof el.getAttribute !== 'function') return;
    // data: images are harmless pictures, but a data: or other non-http address on any
    // link-like attribute is refused outright, whatever DOMPurify's per-tag defaults say.
    for (const attr of ['href', 'src', 'xlink:href']) {
      const value = el.getAttribute(attr);
      if (value !== null && !SAFE_URI.test(value.replace(/[\u0000-\u0020]/g, ''))) el.removeAttribute(attr);
    }
    if (el.tagName === 'A') {
      el.setAttribute('rel', 'noopener noreferrer');
      el.removeAttribute('target');
    }
  });
};

/** The notice's HTML with everything executable removed; '' for no or unreadable input. */
export function sanitizeNoticeHtml(html: unknown): string {
  if (typeof html !== 'string' || html.trim() === '') return '';
  installHooks();
  return DOMPurify.sanitize(html, { ...CONFIG, RETURN_TRUSTED_TYPE: false }) as string;
}

/** The plain text of a notice's HTML (for previews): tags dropped, whitespace collapsed. */
export function noticePlainText(html: unknown): string {
  const clean = sanitizeNoticeHtml(html);
  if (clean === '') return '';
  const doc = new DOMParser().parseFromString(clean, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
