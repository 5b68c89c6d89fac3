import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import {
  ATTRIBUTE_VALUE_PATTERN,
  attributeVerdict,
  FORBIDDEN_ATTRIBUTES,
  FORBIDDEN_TAGS,
} from '../../domain/messages/htmlPolicy';

/**
 * The one sanitizer of server HTML (notices, form paragraphs, registration pages): every
 * dangerouslySetInnerHTML in the app goes through sanitizeNoticeHtml. DOMPurify does the
 * parsing and its allow-list; the policy on top (which tags, which addresses, styles,
 * ids) is domain/messages/htmlPolicy.ts. Links keep their address but are opened by the
 * notice screen, never by the browser, so they cannot navigate the app away.
 */

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [...FORBIDDEN_TAGS],
  FORBID_ATTR: [...FORBIDDEN_ATTRIBUTES],
  ALLOWED_URI_REGEXP: ATTRIBUTE_VALUE_PATTERN,
  ALLOW_DATA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOW_SELF_CLOSE_IN_ATTR: false,
  RETURN_TRUSTED_TYPE: false,
};

/** The app's own DOMPurify instance, so its hooks never reach another user of the library. */
let purifier: DOMPurify | null = null;

const instance = (): DOMPurify => {
  if (purifier !== null) return purifier;
  const p = createDOMPurify(window);
  p.addHook('afterSanitizeAttributes', (node) => {
    const el = node as Element;
    if (typeof el.getAttribute !== 'function' || !el.attributes) return;
    for (const { name, value } of Array.from(el.attributes)) {
      const verdict = attributeVerdict(name, value);
      if (verdict.kind === 'remove') el.removeAttribute(name);
      else if (verdict.kind === 'set') el.setAttribute(name, verdict.value);
    }
    if (el.tagName === 'A' && el.hasAttribute('href')) el.setAttribute('rel', 'noopener noreferrer');
  });
  purifier = p;
  return p;
};

/** Passes before the output is taken as unstable (in practice one or two suffice). */
const MAX_PASSES = 4;

/**
 * The HTML with everything executable removed; '' for no or unreadable input.
 *
 * The output is a fixpoint: sanitizing it again gives it back unchanged. One pass is not
 * always one: dropping an element keeps its content, and markup such as a list item
 * hoisted out of a removed <button> into another list item is rebuilt differently when
 * the page parses the output. Each further pass sanitizes the tree the browser would
 * really build, so what React inserts is exactly what was checked (the ground mutation
 * XSS grows on). Output that will not settle is shown as plain text.
 */
export function sanitizeNoticeHtml(html: unknown): string {
  if (typeof html !== 'string' || html.trim() === '') return '';
  const purify = instance();
  let out = purify.sanitize(html, CONFIG) as string;
  for (let pass = 1; pass < MAX_PASSES; pass++) {
    const again = purify.sanitize(out, CONFIG) as string;
    if (again === out) return out;
    out = again;
  }
  const text = document.createElement('div');
  text.textContent = new DOMParser().parseFromString(out, 'text/html').body.textContent ?? '';
  return text.innerHTML;
}

/** The plain text of a notice's HTML (for previews): tags dropped, whitespace collapsed. */
export function noticePlainText(html: unknown): string {
  const clean = sanitizeNoticeHtml(html);
  if (clean === '') return '';
  const doc = new DOMParser().parseFromString(clean, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
