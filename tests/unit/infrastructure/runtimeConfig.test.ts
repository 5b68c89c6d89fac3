import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { callPath, DEFAULT_CALL_PATHS } from '../../../infrastructure/config/calls';
import { DEFAULT_RUNTIME_CONFIG, MAX_HTTP_TIMEOUT_MS, parseRuntimeConfig } from '../../../infrastructure/config/runtimeConfig';
import type { RuntimeConfig, UnnamedCall } from '../../../application/ports/runtime';

/*
 * runtimeConfig.ts validates by hand so zod stays out of the first download.
 * These are the zod schemas it replaced (and the zod statement of each key added since:
 * portalConfigVersion, smsCodeLength); every key must accept, reject and normalise
 * exactly as they do, whatever the file holds. `calls` is read entry by entry (below).
 */
const trimmed = z.string().transform((s) => s.trim());
type ZodKey = Exclude<keyof RuntimeConfig, 'trustedFrameOrigins' | 'shellOrigin' | 'calls'>;
const ZOD: { [K in ZodKey]: z.ZodType<RuntimeConfig[K]> } = {
  defaultHost: trimmed.pipe(z.union([z.literal(''), z.url({ protocol: /^https?$/ })])).transform((s) => s.replace(/\/+$/, '')),
  basePath: trimmed.pipe(z.string().regex(/^\/[^?#\s]*$/)).transform((s) => (s.endsWith('/') ? s : `${s}/`)),
  schoolLookupUrl: trimmed.pipe(z.string().regex(/^(https?:\/\/[^\s]+|\/[^\s]*)$/)),
  hubPath: trimmed.pipe(z.string().regex(/^\/[^\s]*$/)),
  supportPhone: trimmed,
  httpTimeout: z.number().int().positive().max(MAX_HTTP_TIMEOUT_MS),
  portalConfigVersion: z.union([z.number().int().nonnegative().transform(String), trimmed.pipe(z.string().regex(/^[A-Za-z0-9._-]{1,32}$/))]),
  smsCodeLength: z.number().int().min(4).max(8),
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
  fc.constantFrom(0, 1, 3, 4, 8, 9, 6.5, MAX_HTTP_TIMEOUT_MS, MAX_HTTP_TIMEOUT_MS + 1, 1.5, -1, null, true, [], {}, '60000', '6', ' 2 ', 'v1.2-beta', 'a b', 'x'.repeat(33)),
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

describe('portalConfigVersion: the portal layout version drawn', () => {
  it.each([
    ['2', '2'],
    [' 2 ', '2'],
    [2, '2'],
    [0, '0'],
    ['v1.2-beta', 'v1.2-beta'],
  ] as const)('%j -> %j', (value, expected) => expect(parseRuntimeConfig({ portalConfigVersion: value }, () => {}).portalConfigVersion).toBe(expected));

  it.each([[''], ['  '], ['1 2'], [1.5], [-1], [null], [true], [['1']], ['x'.repeat(33)]])('refuses %j: the default 1, and says so', (value) => {
    const warn = vi.fn();
    expect(parseRuntimeConfig({ portalConfigVersion: value }, warn).portalConfigVersion).toBe('1');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('portalConfigVersion'), ['portalConfigVersion']);
  });
});

describe('smsCodeLength: 4 to 8 digits, 6 by default', () => {
  it.each([4, 5, 6, 7, 8])('%d is taken', (n) => expect(parseRuntimeConfig({ smsCodeLength: n }, () => {}).smsCodeLength).toBe(n));

  it.each([[3], [9], [0], [-6], [4.5], ['4'], [null], [Number.NaN], [Number.POSITIVE_INFINITY]])('refuses %j: the default 6, and says so', (value) => {
    const warn = vi.fn();
    expect(parseRuntimeConfig({ smsCodeLength: value }, warn).smsCodeLength).toBe(6);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('smsCodeLength'), ['smsCodeLength']);
  });

  it('absent: 6 without a warning', () => {
    const warn = vi.fn();
    expect(parseRuntimeConfig({}, warn).smsCodeLength).toBe(6);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('calls: the path of each call the spec leaves unnamed', () => {
  const NAMES = Object.keys(DEFAULT_CALL_PATHS) as UnnamedCall[];

  it('the defaults are the decided paths (docs/decided-calls.md), unchanged', () => {
    expect(DEFAULT_RUNTIME_CONFIG.calls).toEqual({
      todoCategories: '/v1/saas-system-service/api/todo-matter/category',
      securitySettings: '/v1/saas-system-service/api/user-info/security-setting',
      checkPassword: '/v1/saas-system-service/api/user-info/check-password',
      boundStudents: '/v1/saas-home-school-service/api/student-parent-binding/bind-student-list',
      unbindStudent: '/v1/saas-home-school-service/api/student-parent-binding/{id}',
      newDocument: '/v1/file-service/api/stored-file/new-files',
      flowChartByApp: '/v1/less-code-service/api/flow-run/flow-html-by-appid',
      flowChartByCode: '/v1/less-code-service/api/flow-run/flow-html',
    });
  });

  it('each entry overrides its call alone; the others keep their defaults without a warning', () => {
    const warn = vi.fn();
    const config = parseRuntimeConfig(
      { calls: { todoCategories: ' /api/app/todo/categories ', checkPassword: '/api/account/verify-password', unbindStudent: '/api/parents/students/{id}/unbind' } },
      warn,
    );
    expect(config.calls).toEqual({
      ...DEFAULT_CALL_PATHS,
      todoCategories: '/api/app/todo/categories',
      checkPassword: '/api/account/verify-password',
      unbindStudent: '/api/parents/students/{id}/unbind',
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ['a full URL (the token would go to another host)', 'todoCategories', 'https://evil.example/category'],
    ['another host through //', 'todoCategories', '//evil.example/category'],
    ['a backslash', 'securitySettings', '/\\evil.example/x'],
    ['no leading slash', 'securitySettings', 'api/security'],
    ['a query', 'checkPassword', '/api/check?x=1'],
    ['a blank inside', 'checkPassword', '/api/check password'],
    ['a number', 'boundStudents', 42],
    ['an empty path', 'boundStudents', ''],
    ['the root alone', 'boundStudents', '/'],
    ['unbind without {id}', 'unbindStudent', '/api/unbind'],
    ['unbind with {id} twice', 'unbindStudent', '/api/{id}/unbind/{id}'],
    ['a placeholder the call does not fill', 'newDocument', '/api/files/{name}'],
    ['a stray brace', 'flowChartByCode', '/api/flow-html}'],
  ] as const)('refuses %s: that call keeps its default, the others are taken, one warning names it', (_why, call, path) => {
    const warn = vi.fn();
    const config = parseRuntimeConfig({ calls: { [call]: path, flowChartByApp: '/api/flow/by-app' }, smsCodeLength: 4 }, warn);
    expect(config.calls[call]).toBe(DEFAULT_CALL_PATHS[call]);
    expect(config.calls.flowChartByApp).toBe('/api/flow/by-app');
    expect(config.smsCodeLength).toBe(4);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`calls.${call}`), [`calls.${call}`]);
  });

  it.each([['a list', ['/a']], ['text', '/a'], ['null', null], ['a number', 1]])('%s instead of an object: every default, one warning', (_why, value) => {
    const warn = vi.fn();
    expect(parseRuntimeConfig({ calls: value }, warn).calls).toEqual(DEFAULT_CALL_PATHS);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('calls'), ['calls']);
  });

  it('a call name this build does not know is ignored (a newer file)', () => {
    const warn = vi.fn();
    expect(parseRuntimeConfig({ calls: { todoTags: '/api/tags' } }, warn).calls).toEqual(DEFAULT_CALL_PATHS);
    expect(warn).not.toHaveBeenCalled();
  });

  it('any path is either taken as given (trimmed) or refused for the default, never half-read', () => {
    fc.assert(
      fc.property(fc.constantFrom(...NAMES), fc.oneof(urlish, fc.string(), value), (call, path) => {
        const got = parseRuntimeConfig({ calls: { [call]: path } }, () => {}).calls[call];
        if (got === DEFAULT_CALL_PATHS[call]) return;
        expect(typeof path === 'string' && got === path.trim()).toBe(true);
        expect(got).toMatch(/^\/[^/\\\s?#]/);
      }),
      { numRuns: 600 },
    );
  });

  it('fills {id} URL-encoded', () => {
    expect(callPath(DEFAULT_CALL_PATHS.unbindStudent, { id: 'a/b c' })).toBe('/v1/saas-home-school-service/api/student-parent-binding/a%2Fb%20c');
    expect(callPath('/x/{id}/y', { id: '7' })).toBe('/x/7/y');
  });
});
