import { z } from 'zod';
import type { RuntimeConfig } from '../../application/ports/runtime';

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
});

/** Longest accepted timeout: ten minutes. Anything longer is a typo, not a setting. */
export const MAX_HTTP_TIMEOUT_MS = 10 * 60 * 1000;

type Key = keyof RuntimeConfig;

const trimmed = z.string().transform((s) => s.trim());

/** One schema per key, so a bad key falls back alone instead of taking the file down. */
const KEY_SCHEMAS: { [K in Key]: z.ZodType<RuntimeConfig[K]> } = {
  // '' means the same origin; a trailing slash is dropped so paths join cleanly.
  defaultHost: trimmed.pipe(z.union([z.literal(''), z.url({ protocol: /^https?$/ })])).transform((s) => s.replace(/\/+$/, '')),
  // Always '/…/' so `${basePath}config.json` and route joins need no care.
  basePath: trimmed.pipe(z.string().regex(/^\/[^?#\s]*$/)).transform((s) => (s.endsWith('/') ? s : `${s}/`)),
  // Absolute (http/https) or a path on the default host.
  schoolLookupUrl: trimmed.pipe(z.string().regex(/^(https?:\/\/[^\s]+|\/[^\s]*)$/)),
  hubPath: trimmed.pipe(z.string().regex(/^\/[^\s]*$/)),
  supportPhone: trimmed,
  httpTimeout: z.number().int().positive().max(MAX_HTTP_TIMEOUT_MS),
};

const KEYS = Object.keys(KEY_SCHEMAS) as Key[];

export type ConfigWarn = (message: string, detail?: unknown) => void;

const defaultWarn: ConfigWarn = (message, detail) => {
  // eslint-disable-next-line no-console
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
  const out: Record<string, unknown> = {};
  const rejected: string[] = [];
  for (const key of KEYS) {
    if (!(key in record) || record[key] === undefined) {
      out[key] = DEFAULT_RUNTIME_CONFIG[key];
      continue;
    }
    const parsed = KEY_SCHEMAS[key].safeParse(record[key]);
    if (parsed.success) {
      out[key] = parsed.data;
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
