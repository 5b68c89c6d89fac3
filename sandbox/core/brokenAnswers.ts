/**
 * Answers broken one kind at a time, for the tests of "whatever the backend sends"
 * (docs/sandbox.md "Broken answers"). A fault with `answer` lets the route run (its
 * side effects happen: a launch creates its run) and then replaces or bends what the
 * route answered, the way a proxy during a deploy, an older service or a lost reply
 * would.
 */
import type { SandboxResponse } from '../module';

export const BROKEN_ANSWERS = [
  'html500',
  'html502',
  'empty200',
  'badJson',
  'noContent',
  'nulls',
  'missingFields',
  'numbersAsStrings',
  'wrongTypes',
  'hugeLists',
] as const;
export type BrokenAnswer = (typeof BROKEN_ANSWERS)[number];

export const isBrokenAnswer = (v: unknown): v is BrokenAnswer => typeof v === 'string' && (BROKEN_ANSWERS as readonly string[]).includes(v);

/** How long a padded list grows. */
export const HUGE_LIST_LENGTH = 5000;

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const deep = (v: unknown, leaf: (x: unknown) => unknown, obj?: (o: Record<string, unknown>) => Record<string, unknown>): unknown => {
  if (Array.isArray(v)) return v.map((x) => deep(x, leaf, obj));
  if (isPlain(v)) {
    const mapped = Object.fromEntries(Object.entries(v).map(([k, x]) => [k, deep(x, leaf, obj)]));
    return obj ? obj(mapped) : mapped;
  }
  return leaf(v);
};

const ID_KEY = /(^id$|Id$|^key$|Key$|^code$)/;

/** Every list grown to HUGE_LIST_LENGTH by repeating its items, ids made unique. */
/**
 * Every outermost list grows to HUGE_LIST_LENGTH items (copies with new ids); lists inside
 * those items stay as they were, or nested lists would grow to 5000 to the power of
 * their depth (a portal's groups of apps: 25 million).
 */
const padLists = (v: unknown): unknown => {
  if (Array.isArray(v)) {
    if (v.length === 0) return v;
    const out: unknown[] = [];
    for (let i = 0; i < HUGE_LIST_LENGTH; i++) {
      const item = v[i % v.length];
      out.push(i < v.length || !isPlain(item) ? item : Object.fromEntries(Object.entries(item).map(([k, x]) => [k, ID_KEY.test(k) && (typeof x === 'string' || typeof x === 'number') ? `${String(x)}-${i}` : x])));
    }
    return out;
  }
  if (isPlain(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, padLists(x)]));
  return v;
};

const wrongType = (x: unknown): unknown => {
  if (typeof x === 'string') return 12345;
  if (typeof x === 'number') return 'not a number';
  if (typeof x === 'boolean') return 'yes';
  return x;
};

/** The JSON body bent by `kind` (the body-keeping kinds). */
export function bendBody(kind: BrokenAnswer, body: unknown): unknown {
  switch (kind) {
    case 'nulls':
      return deep(body, () => null);
    case 'missingFields':
      // Every other field goes, ids and all: a reader must say what is missing, not crash.
      return deep(body, (x) => x, (o) => Object.fromEntries(Object.entries(o).filter((_, i) => i % 2 === 1)));
    case 'numbersAsStrings':
      return deep(body, (x) => (typeof x === 'number' ? String(x) : x));
    case 'wrongTypes':
      return deep(body, wrongType, (o) => Object.fromEntries(Object.entries(o).map(([k, x]) => [k, Array.isArray(x) ? {} : isPlain(x) ? [] : x])));
    case 'hugeLists':
      return padLists(body);
    default:
      return body;
  }
}

const errorPage = (status: number, title: string): string =>
  `<!doctype html><html><head><title>${status} ${title}</title></head><body><center><h1>${status} ${title}</h1></center><hr><center>nginx</center></body></html>`;

/** What the client receives instead of `out`. */
export function breakAnswer(kind: BrokenAnswer, out: SandboxResponse): SandboxResponse {
  switch (kind) {
    case 'html500':
      return { status: 500, raw: { contentType: 'text/html', data: errorPage(500, 'Internal Server Error') } };
    case 'html502':
      return { status: 502, raw: { contentType: 'text/html', data: errorPage(502, 'Bad Gateway') } };
    case 'empty200':
      return { status: 200, raw: { contentType: 'application/json; charset=utf-8', data: '' } };
    case 'badJson':
      return { status: 200, raw: { contentType: 'application/json; charset=utf-8', data: '{"items": [1, 2,' } };
    case 'noContent':
      return { status: 204, raw: { contentType: 'application/json; charset=utf-8', data: '' } };
    default:
      return out.raw || out.body === undefined ? out : { ...out, body: bendBody(kind, out.body) };
  }
}
