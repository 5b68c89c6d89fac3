import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DEFAULT_RUNTIME_CONFIG, MAX_HTTP_TIMEOUT_MS, parseRuntimeConfig } from '../../../infrastructure/config/runtimeConfig';
import type { RuntimeConfig } from '../../../application/ports/runtime';

/*
 * runtimeConfig.ts validates by hand so zod stays out of the first download.
 * These are the zod schemas it replaced; every key must accept, reject and normalise
 * exactly as they did, whatever the file holds.
 */
const trimmed = z.string().transform((s) => s.trim());
type ZodKey = Exclude<keyof RuntimeConfig, 'trustedFrameOrigins' | 'shellOrigin'>;
const ZOD: { [K in ZodKey]: z.ZodType<RuntimeConfig[K]> } = {
  defaultHost: trimmed.pipe(z.union([z.literal(''), z.url({ protocol: /^https?$/ })])).transform((s) => s.replace(/\/+$/, '')),
  basePath: trimmed.pipe(z.string().regex(/^\/[^?#\s]*$/)).transform((s) => (s.endsWith('/') ? s : `${s}/`)),
  schoolLookupUrl: trimmed.pipe(z.string().regex(/^(https?:\/\/[^\s]+|\/[^\s]*)$/)),
  hubPath: trimmed.pipe(z.string().regex(/^\/[^\s]*$/)),
  supportPhone: trimmed,
  httpTimeout: z.number().int().positive().max(MAX_HTTP_TIMEOUT_MS),
};

const KEYS = Object.keys(ZOD) as ZodKey[];

/** What the zod schema made of one key's value (its default when refused). */
const viaZod = (key: ZodKey, value: unknown) => {
  const parsed = ZOD[key].safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_RUNTIME_CONFIG[key];
};

const piece = fc.constantFrom('http', 'https', 'ftp', 'HTTP', ':', '//', '/', '\\', ' ', '\t', '\n', '?', '#', 'a', 'x.y', ':8080', '@', '%20', '[::1]', 'é', '');
const urlish = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''));
const value = fc.oneof(
  urlish,
  fc.string(),
  fc.integer({ min: -10, max: MAX_HTTP_TIMEOUT_MS + 10 }),
  fc.double(),
  fc.constantFrom(0, 1, MAX_HTTP_TIMEOUT_MS, MAX_HTTP_TIMEOUT_MS + 1, 1.5, -1, null, true, [], {}, '60000'),
);

describe('parseRuntimeConfig without zod', () => {
  it.each(KEYS)('%s accepts, refuses and normalises as the zod schema did', (key) => {
    fc.assert(
      fc.property(value, (v) => {
        expect(parseRuntimeConfig({ [key]: v }, () => {})[key]).toEqual(viaZod(key, v));
      }),
      { numRuns: 400 },
    );
  });

  it.each([
    ['defaultHost', 'http:example.com'],
    ['defaultHost', 'https:/path'],
    ['defaultHost', 'https://'],
    ['defaultHost', 'https://a b.example'],
    ['defaultHost', 'https://host.example/\tpath/'],
    ['defaultHost', 'HTTPS://HOST.EXAMPLE//'],
    ['defaultHost', 'javascript://x'],
    ['basePath', ' /campus '],
    ['basePath', '/a?b'],
    ['schoolLookupUrl', 'https://'],
    ['httpTimeout', Number.MAX_SAFE_INTEGER + 2],
  ] as const)('%s %j reads as zod read it', (key, v) => {
    expect(parseRuntimeConfig({ [key]: v }, () => {})[key]).toEqual(viaZod(key, v));
  });
});

describe('shellOrigin: the origin a custom-scheme shell posts from', () => {
  it.each([
    ['', ''],
    ['app://campus', 'app://campus'],
    ['APP://Campus/', 'app://campus'],
    ['https://campus.school.edu', 'https://campus.school.edu'],
    ['capacitor://localhost', 'capacitor://localhost'],
  ])('%j -> %j', (value, expected) => expect(parseRuntimeConfig({ shellOrigin: value }, () => {}).shellOrigin).toBe(expected));

  it.each([['app://campus/path'], ['*'], ['javascript:alert(1)'], [42], ['app:campus']])('refuses %j', (value) => {
    expect(parseRuntimeConfig({ shellOrigin: value }, () => {}).shellOrigin).toBe('');
  });
});

describe('trustedFrameOrigins: a list of http(s) origins, or none at all', () => {
  it.each([
    [['https://office.school.edu'], ['https://office.school.edu']],
    [['HTTPS://Office.School.edu/'], ['https://office.school.edu']],
    [['https://a.edu', 'https://a.edu', 'http://b.edu:8080'], ['https://a.edu', 'http://b.edu:8080']],
    [[], []],
  ])('%j -> %j', (value, expected) => {
    expect(parseRuntimeConfig({ trustedFrameOrigins: value }, () => {}).trustedFrameOrigins).toEqual(expected);
  });

  it.each([
    ['not a list', 'https://a.edu'],
    ['a path', ['https://a.edu/x']],
    ['a scheme only', ['https:']],
    ['a wildcard', ['*']],
    ['credentials', ['https://u:p@a.edu']],
    ['javascript', ['javascript:alert(1)']],
    ['one bad entry refuses the list', ['https://a.edu', 'data:text/html,x']],
    ['not a string', [1]],
  ])('refuses %s', (_name, value) => {
    const warn = vi.fn();
    expect(parseRuntimeConfig({ trustedFrameOrigins: value }, warn).trustedFrameOrigins).toEqual([]);
    expect(warn).toHaveBeenCalled();
  });
});
