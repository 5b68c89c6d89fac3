import { safeContentAddress } from '../shell/links';

/**
 * What server HTML (notice bodies, form paragraphs, registration pages; SPEC point 3:
 * "context is HTML") may keep. The server is not trusted: a notice can be written by
 * anyone with a sender's account, so nothing executable and nothing that can leave or
 * cover the app survives. presentation/messages/sanitize.ts applies this policy with
 * DOMPurify; the rules themselves are here, pure, so they are read and tested in one place.
 */

/**
 * Elements dropped, on top of DOMPurify's HTML profile (which already leaves out
 * anything not in its allow-list; the content of scripts, styles, frames, SVG and
 * MathML goes with them, a dropped form's text stays): scripts, styles and frames;
 * forms and their controls (a notice is read, not filled in; a form could post
 * anywhere); document-level elements (base, link, meta: base href rewrites every link,
 * meta refresh navigates); SVG and MathML (their own script, href and animation rules
 * are where most sanitizer bypasses live, and a notice does not need them).
 */
export const FORBIDDEN_TAGS: readonly string[] = [
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'portal', 'noscript', 'noembed', 'noframes',
  'form', 'input', 'button', 'textarea', 'select', 'option', 'keygen', 'isindex',
  'base', 'link', 'meta', 'title', 'template',
  'svg', 'math',
];

/**
 * Elements removed with everything inside them before the sanitizer itself parses the
 * HTML (presentation/shared/serverHtml/sanitize.ts, the inert pre-pass): each one would
 * make the parse itself speak to the page's Content-Security-Policy (an inline style, a
 * base address, a nested document or script), which reports a violation although nothing
 * runs. None of their content is text a reader needs.
 */
export const DROPPED_WITH_CONTENT: readonly string[] = [
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'portal', 'noscript', 'noembed', 'noframes',
  'base', 'link', 'meta', 'title', 'template', 'svg', 'math',
];

/** Attributes dropped wherever they appear: alternative addresses nobody checks otherwise. */
export const FORBIDDEN_ATTRIBUTES: readonly string[] = ['srcset', 'action', 'formaction', 'xlink:href', 'ping', 'background', 'poster', 'codebase', 'data', 'target'];

/** Attributes holding an address; each must pass safeContentAddress or it goes. */
export const ADDRESS_ATTRIBUTES: readonly string[] = ['href', 'src', 'cite', 'longdesc', 'xlink:href', 'action', 'formaction', 'poster', 'background', 'data'];

/**
 * DOMPurify's value check for every attribute not on its own list of plain-text ones:
 * http(s), mailto, tel, or a value with no scheme at all (no letters-then-colon at the
 * start). Anything like 'javascript:', 'data:' or 'vbscript:' is refused here already;
 * address attributes are then held to the stricter safeContentAddress.
 */
export const ATTRIBUTE_VALUE_PATTERN = /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** Prefix of every id and name kept: a notice cannot clobber window or document properties. */
export const NAMED_PROPERTY_PREFIX = 'user-content-';

/** on* attributes run script (onerror, onload, onbegin, ontoggle ...). */
export const isEventHandlerAttribute = (name: string): boolean => /^on/i.test(name.trim());

/**
 * A value that looks like markup ('<img', '</style', '<!--'): harmless where it sits, but
 * it is the raw material of mutation XSS (markup that becomes live when the output is
 * parsed again in another context), and no notice needs it in an attribute.
 */
export const looksLikeMarkup = (value: string): boolean => /<[/!?]?[a-z!?]/i.test(value);

/**
 * Whether an inline style may stay. Refused: CSS escapes and comments (they hide the
 * rest from any check), script in CSS (expression(), javascript:/vbscript:/data:
 * addresses, behaviors, bindings, @import), and fixed or sticky positioning (a notice
 * could cover the whole app with a fake screen). Colours, fonts, alignment and the like
 * stay.
 */
export const isSafeInlineStyle = (style: string): boolean => {
  // eslint-disable-next-line no-control-regex
  const compact = style.replace(/[\u0000-\u0020]+/g, '').toLowerCase();
  if (/[\\]|\/\*/.test(compact)) return false;
  if (/expression\(|javascript:|vbscript:|data:|behaviou?r:|-moz-binding|@import/.test(compact)) return false;
  return !/position:(fixed|sticky)/.test(compact);
};

/**
 * Whether a value carries a script address anywhere (javascript:, vbscript:) or starts
 * with data:, once the whitespace and control characters a browser ignores are gone.
 * Held against every attribute, even plain-text ones like title or name: none needs it.
 */
export const hasScriptAddress = (value: string): boolean => {
  // eslint-disable-next-line no-control-regex
  const compact = value.replace(/[\u0000-\u0020]+/g, '').toLowerCase();
  return /(?:java|vb)script:/.test(compact) || compact.startsWith('data:');
};

export type AttributeVerdict = { readonly kind: 'keep' } | { readonly kind: 'remove' } | { readonly kind: 'set'; readonly value: string };

const KEEP: AttributeVerdict = { kind: 'keep' };
const REMOVE: AttributeVerdict = { kind: 'remove' };

/**
 * The policy's verdict on one attribute that DOMPurify has let through: handlers,
 * forbidden attributes, markup-like values and script addresses go; addresses must be safe content addresses; a
 * style must be a safe inline style; ids and names get NAMED_PROPERTY_PREFIX (once, so
 * sanitizing twice changes nothing).
 */
export const attributeVerdict = (name: string, value: string): AttributeVerdict => {
  const lower = name.toLowerCase();
  if (isEventHandlerAttribute(lower) || FORBIDDEN_ATTRIBUTES.includes(lower)) return REMOVE;
  if (looksLikeMarkup(value) || hasScriptAddress(value)) return REMOVE;
  if (ADDRESS_ATTRIBUTES.includes(lower)) {
    const address = safeContentAddress(value);
    if (address === null) return REMOVE;
    return address === value ? KEEP : { kind: 'set', value: address };
  }
  if (lower === 'style') return isSafeInlineStyle(value) ? KEEP : REMOVE;
  if (lower === 'id' || lower === 'name') {
    if (value.trim() === '') return REMOVE;
    return value.startsWith(NAMED_PROPERTY_PREFIX) ? KEEP : { kind: 'set', value: `${NAMED_PROPERTY_PREFIX}${value}` };
  }
  return KEEP;
};
