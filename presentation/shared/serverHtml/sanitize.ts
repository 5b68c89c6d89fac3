import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import {
  ATTRIBUTE_VALUE_PATTERN,
  attributeVerdict,
  DROPPED_WITH_CONTENT,
  FORBIDDEN_ATTRIBUTES,
  FORBIDDEN_TAGS,
  isEventHandlerAttribute,
} from '../../../domain/messages/htmlPolicy';

/**
 * The one sanitizer of server HTML (notices, form paragraphs, registration matters):
 * every dangerouslySetInnerHTML in the app goes through sanitizeServerHtml, drawn by
 * ServerHtml. DOMPurify does the parsing and its allow-list; the policy on top (which
 * tags, which addresses, styles, ids) is domain/messages/htmlPolicy.ts. Links keep their
 * address but are followed through the link policy, never by the browser.
 *
 * The parse is inert. A browser parsing an event-handler attribute, an inline <style> or
 * a <base> in a document of the app's window checks it against the app's
 * Content-Security-Policy and reports a violation, although nothing runs: hostile HTML
 * would flood a report endpoint. So the HTML is parsed where no script can run: in a
 * hidden frame sandboxed without allow-scripts (its documents create no handler, so they
 * consult no policy), first into a <template> (which loads and applies nothing) to drop
 * the elements and handlers that speak to the policy, then by DOMPurify built over that
 * frame's window. The cleaned output has nothing left that a policy would refuse.
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

/** The window HTML is parsed in: the inert frame's, or the page's where no frame can be made. */
let parsingWindow: (Window & typeof globalThis) | null = null;

const inertWindow = (): Window & typeof globalThis => {
  if (parsingWindow !== null && parsingWindow.document) return parsingWindow;
  let w: (Window & typeof globalThis) | null = null;
  try {
    const frame = document.createElement('iframe');
    // allow-same-origin so the app can read the parsed tree; no allow-scripts, so nothing in it ever runs.
    frame.setAttribute('sandbox', 'allow-same-origin');
    frame.setAttribute('aria-hidden', 'true');
    frame.setAttribute('tabindex', '-1');
    frame.setAttribute('title', 'inert');
    frame.className = 'cw-inert-frame';
    frame.style.display = 'none';
    document.documentElement.appendChild(frame);
    w = frame.contentWindow as (Window & typeof globalThis) | null;
  } catch {
    w = null;
  }
  parsingWindow = w !== null && w.document ? w : window;
  return parsingWindow;
};

/** The app's own DOMPurify instance over the parsing window, so its hooks never reach another user of the library. */
let purifier: { instance: DOMPurify; over: Window } | null = null;

const instance = (w: Window & typeof globalThis): DOMPurify => {
  if (purifier !== null && purifier.over === w) return purifier.instance;
  const p = createDOMPurify(w);
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
  purifier = { instance: p, over: w };
  return p;
};

/**
 * The pre-pass: `html` parsed into a template of the inert window (nothing loads,
 * nothing applies), the elements that would speak to the policy dropped with their
 * content, every handler attribute dropped, and the rest written back out.
 */
function withoutPolicyTriggers(html: string, w: Window & typeof globalThis): string {
  const template = w.document.createElement('template');
  template.innerHTML = html;
  const content = template.content;
  for (const el of Array.from(content.querySelectorAll(DROPPED_WITH_CONTENT.join(',')))) el.remove();
  for (const el of Array.from(content.querySelectorAll('*'))) {
    for (const { name } of Array.from(el.attributes)) if (isEventHandlerAttribute(name)) el.removeAttribute(name);
  }
  return template.innerHTML;
}

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
export function sanitizeServerHtml(html: unknown): string {
  if (typeof html !== 'string' || html.trim() === '') return '';
  let clean = cleaned.get(html);
  if (clean === undefined) {
    // Nothing but spaces left (' </a>'): nothing, as for blank input, so a second pass agrees.
    clean = sanitizeOnce(html);
    if (clean.trim() === '') clean = '';
    if (cleaned.size >= CLEANED_KEPT) cleaned.delete(cleaned.keys().next().value as string);
    cleaned.set(html, clean);
  }
  return clean;
}

/**
 * Sanitised HTML by the server's HTML: a notice scrolled back into view (a virtual list
 * mounts it again) or a form redrawn reuses the result instead of running DOMPurify in
 * the middle of a scroll. Bounded, oldest out first.
 */
const cleaned = new Map<string, string>();
const CLEANED_KEPT = 2000;

function sanitizeOnce(html: string): string {
  const w = inertWindow();
  const purify = instance(w);
  let out = purify.sanitize(withoutPolicyTriggers(html, w), CONFIG) as string;
  for (let pass = 1; pass < MAX_PASSES; pass++) {
    const again = purify.sanitize(withoutPolicyTriggers(out, w), CONFIG) as string;
    if (again === out) return out;
    out = again;
  }
  const template = w.document.createElement('template');
  template.innerHTML = out;
  const text = w.document.createElement('div');
  text.textContent = template.content.textContent ?? '';
  return text.innerHTML;
}

/** The plain text of server HTML (for previews): tags dropped, whitespace collapsed. */
export function serverHtmlPlainText(html: unknown): string {
  const clean = sanitizeServerHtml(html);
  if (clean === '') return '';
  const template = inertWindow().document.createElement('template');
  template.innerHTML = clean;
  return (template.content.textContent ?? '').replace(/\s+/g, ' ').trim();
}
