import type { CallPaths, RuntimeConfig } from '../../application/ports/runtime';
import { CALL_NAMES, checkCallPath, DEFAULT_CALL_PATHS } from './calls';

/**
 * Deployment settings read at start-up from `config.json` next to index.html
 * (CONTRACT.md "Hosts and runtime configuration"; every key is described in
 * docs/config.md). One build serves many schools, so nothing here is baked in.
 *
 * Start-up must never fail because of this file: a missing, unreadable or invalid
 * file gives the defaults, and a key with a wrong value falls back to its own default;
 * each case is logged as a warning so an operator can see why a setting was ignored.
 */

export const CONFIG_FILE = 'config.json';

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = Object.freeze({
  defaultHost: '',
  basePath: '/',
  schoolLookupUrl: '/sandbox/school-lookup',
  hubPath: '/messagehub/message-hub',
  supportPhone: '',
  httpTimeout: 60000,
  trustedFrameOrigins: Object.freeze([]) as readonly string[],
  shellOrigin: '',
  calls: DEFAULT_CALL_PATHS,
  portalConfigVersion: '1',
  smsCodeLength: 6,
});

/** Longest accepted timeout: ten minutes. Anything longer is a typo, not a setting. */
export const MAX_HTTP_TIMEOUT_MS = 10 * 60 * 1000;

/** The SMS code lengths a deployment may set: the gateways in use send 4 to 8 digits. */
export const SMS_CODE_LENGTH_MIN = 4;
export const SMS_CODE_LENGTH_MAX = 8;

/** `calls` is read entry by entry (parseCalls), every other key whole. */
type Key = Exclude<keyof RuntimeConfig, 'calls'>;

/**
 * One validator per key, so a bad key falls back alone instead of taking the file down.
 * Each answers the accepted (normalised) value, or `undefined` to reject it. Written by
 * hand rather than with zod: this file runs before the first screen, and zod would add
 * about 25 KB gzip to every route's initial JavaScript (the route budgets of scripts/budget-check.ts).
 */
type Check<T> = (value: unknown) => T | undefined;

/** A string, trimmed, that matches `pattern`. */
const trimmedMatching =
  (pattern: RegExp): Check<string> =>
  (value) => {
    if (typeof value !== 'string') return undefined;
    const s = value.trim();
    return pattern.test(s) ? s : undefined;
  };

/** '' (same origin) or an absolute http(s) URL, without its trailing slashes. */
const checkHost: Check<string> = (value) => {
  if (typeof value !== 'string') return undefined;
  const s = value.trim();
  if (s === '') return '';
  // Require the '//' so 'http:example.com' is not read as a relative reference.
  if (!/^https?:\/\//i.test(s)) return undefined;
  try {
    const url = new URL(s);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  } catch {
    return undefined;
  }
  // The URL parser drops tabs and newlines; the kept text does the same.
  return s.replace(/[\t\n\r]/g, '').replace(/\/+$/, '');
};

/** 'https://Office.School.edu/' -> 'https://office.school.edu'; undefined for anything but an http(s) origin. */
const httpOrigin = (value: unknown): string | undefined => {
  if (typeof value !== 'string' || !/^https?:\/\/[^/?#\s]+\/?$/i.test(value.trim())) return undefined;
  try {
    const url = new URL(value.trim());
    return url.username === '' && url.password === '' ? url.origin : undefined;
  } catch {
    return undefined;
  }
};

const KEY_CHECKS: { [K in Key]: Check<RuntimeConfig[K]> } = {
  // '' means the same origin; a trailing slash is dropped so paths join cleanly.
  defaultHost: checkHost,
  // Always '/…/' so `${basePath}config.json` and route joins need no care.
  basePath: (value) => {
    const s = trimmedMatching(/^\/[^?#\s]*$/)(value);
    return s === undefined ? undefined : s.endsWith('/') ? s : `${s}/`;
  },
  // Absolute (http/https) or a path on the default host.
  schoolLookupUrl: trimmedMatching(/^(https?:\/\/[^\s]+|\/[^\s]*)$/),
  hubPath: trimmedMatching(/^\/[^\s]*$/),
  supportPhone: (value) => (typeof value === 'string' ? value.trim() : undefined),
  httpTimeout: (value) =>
    typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= MAX_HTTP_TIMEOUT_MS ? value : undefined,
  // '' (the page's own origin) or scheme://host[:port], a custom scheme included (app://campus).
  shellOrigin: (value) => {
    if (typeof value !== 'string') return undefined;
    const s = value.trim().toLowerCase().replace(/\/+$/, '');
    return s === '' || /^[a-z][a-z0-9+.-]*:\/\/[a-z0-9.-]+(:\d{1,5})?$/.test(s) ? s : undefined;
  },
  // Every entry an origin, or the whole list is refused: a half-read trust list is not what was meant.
  trustedFrameOrigins: (value) => {
    if (!Array.isArray(value)) return undefined;
    const origins = value.map(httpOrigin);
    return origins.every((o): o is string => o !== undefined) ? Object.freeze([...new Set(origins)]) : undefined;
  },
  // Compared as text with the layout's `v` (domain/portal/portal.ts), so 2 and "2" are the same version.
  portalConfigVersion: (value) =>
    typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : trimmedMatching(/^[A-Za-z0-9._-]{1,32}$/)(value),
  smsCodeLength: (value) =>
    typeof value === 'number' && Number.isInteger(value) && value >= SMS_CODE_LENGTH_MIN && value <= SMS_CODE_LENGTH_MAX ? value : undefined,
};

/**
 * `calls`: an object of call name -> path. Each entry is read on its own, so one bad path
 * keeps its default alone; a name this build does not know is ignored (a newer file);
 * anything but an object keeps every default. Answers the paths and the rejected keys.
 */
function parseCalls(raw: unknown): { calls: CallPaths; rejected: string[] } {
  if (raw === undefined) return { calls: DEFAULT_CALL_PATHS, rejected: [] };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { calls: DEFAULT_CALL_PATHS, rejected: ['calls'] };
  const given = raw as Record<string, unknown>;
  const rejected: string[] = [];
  const calls = { ...DEFAULT_CALL_PATHS };
  for (const call of CALL_NAMES) {
    if (given[call] === undefined) continue;
    const path = checkCallPath(call, given[call]);
    if (path === undefined) rejected.push(`calls.${call}`);
    else calls[call] = path;
  }
  return { calls: Object.freeze(calls), rejected };
}

const KEYS = Object.keys(KEY_CHECKS) as Key[];

export type ConfigWarn = (message: string, detail?: unknown) => void;

const defaultWarn: ConfigWarn = (message, detail) => {
  console.warn(`[config] ${message}`, ...(detail === undefined ? [] : [detail]));
};

/** `base` + config.json, whether or not base ends with a slash. */
export const configUrl = (baseUrl: string): string => {
  const base = typeof baseUrl === 'string' && baseUrl !== '' ? baseUrl : '/';
  return `${base.endsWith('/') ? base : `${base}/`}${CONFIG_FILE}`;
};

/**
 * The config from an already-decoded value. Total: anything that is not an object
 * gives the defaults; unknown keys are ignored; each invalid key takes its default.
 */
export function parseRuntimeConfig(raw: unknown, warn: ConfigWarn = defaultWarn): RuntimeConfig {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    warn(`${CONFIG_FILE} is not a JSON object; using the defaults`);
    return { ...DEFAULT_RUNTIME_CONFIG };
  }
  const record = raw as Record<string, unknown>;
  const { calls, rejected } = parseCalls(record.calls);
  const out: Record<string, unknown> = { calls };
  for (const key of KEYS) {
    if (!(key in record) || record[key] === undefined) {
      out[key] = DEFAULT_RUNTIME_CONFIG[key];
      continue;
    }
    const parsed = KEY_CHECKS[key](record[key]);
    if (parsed !== undefined) {
      out[key] = parsed;
    } else {
      out[key] = DEFAULT_RUNTIME_CONFIG[key];
      rejected.push(key);
    }
  }
  if (rejected.length > 0) warn(`${CONFIG_FILE}: invalid value for ${rejected.join(', ')}; using the default`, rejected);
  return out as unknown as RuntimeConfig;
}

export type FetchFn = (input: string, init?: { signal?: AbortSignal; cache?: RequestCache; headers?: Record<string, string> }) => Promise<{
  ok: boolean;
  status: number;
  text(): Promise<string>;
}>;

/**
 * Reads `{baseUrl}config.json`. Never rejects: a network failure, an HTTP error, a
 * body that is not JSON or a wrong value all end in defaults plus a warning.
 */
export async function loadRuntimeConfig(
  fetchFn: FetchFn,
  baseUrl: string,
  opts: { warn?: ConfigWarn; signal?: AbortSignal } = {},
): Promise<RuntimeConfig> {
  const warn = opts.warn ?? defaultWarn;
  const url = configUrl(baseUrl);
  let text: string;
  try {
    // no-cache: a redeployed config must apply on the next start, not after the HTTP cache expires.
    const res = await fetchFn(url, { signal: opts.signal, cache: 'no-cache', headers: { Accept: 'application/json' } });
    if (!res.ok) {
      warn(`${url} answered HTTP ${res.status}; using the defaults`);
      return { ...DEFAULT_RUNTIME_CONFIG };
    }
    text = await res.text();
  } catch (e) {
    warn(`${url} could not be read; using the defaults`, e);
    return { ...DEFAULT_RUNTIME_CONFIG };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    warn(`${url} is not valid JSON; using the defaults`, e);
    return { ...DEFAULT_RUNTIME_CONFIG };
  }
  return parseRuntimeConfig(raw, warn);
}
