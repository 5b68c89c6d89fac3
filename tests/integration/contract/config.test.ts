import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../../sandbox/server';
import { DEFAULT_CALL_PATHS } from '../../../infrastructure/config/calls';
import {
  configUrl,
  DEFAULT_RUNTIME_CONFIG,
  loadRuntimeConfig,
  parseRuntimeConfig,
  type FetchFn,
} from '../../../infrastructure/config/runtimeConfig';

/** A fetch that answers one fixed body (or throws). */
const answering =
  (body: string, status = 200): FetchFn =>
  async () => ({ ok: status >= 200 && status < 300, status, text: async () => body });

describe('loadRuntimeConfig against the sandbox (config.json next to index.html)', () => {
  let sb: SandboxHandle;
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, dataFile: null, quiet: true, config: { supportPhone: '400-111-2222', httpTimeout: 30000 } });
  });
  afterAll(async () => {
    await sb.close();
  });

  it('reads every key the sandbox serves', async () => {
    const warn = vi.fn();
    const config = await loadRuntimeConfig(fetch, `${sb.url}/`, { warn });
    expect(config).toEqual({
      defaultHost: '',
      basePath: '/',
      schoolLookupUrl: '/sandbox/school-lookup',
      hubPath: '/messagehub/message-hub',
      supportPhone: '400-111-2222',
      httpTimeout: 30000,
      trustedFrameOrigins: [],
      shellOrigin: '',
      // Not in the sandbox's file: the decided defaults.
      calls: DEFAULT_CALL_PATHS,
      portalConfigVersion: '1',
      smsCodeLength: 6,
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it('a base URL without its trailing slash reads the same file', async () => {
    expect((await loadRuntimeConfig(fetch, sb.url, { warn: () => {} })).supportPhone).toBe('400-111-2222');
  });
});

describe('loadRuntimeConfig never fails start-up', () => {
  it.each([
    ['HTTP 404', answering('{"error":{}}', 404)],
    ['a body that is not JSON', answering('<html>not json</html>')],
    ['an empty body', answering('')],
    ['a JSON array', answering('[1,2]')],
    ['JSON null', answering('null')],
    [
      'a network failure',
      (async () => {
        throw new TypeError('fetch failed');
      }) as FetchFn,
    ],
  ])('%s gives the defaults and one warning', async (_name, fetchFn) => {
    const warn = vi.fn();
    await expect(loadRuntimeConfig(fetchFn, '/', { warn })).resolves.toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('asks for {base}config.json without caching', async () => {
    const fetchFn = vi.fn(answering('{}'));
    await loadRuntimeConfig(fetchFn, '/campus/', { warn: () => {} });
    expect(fetchFn).toHaveBeenCalledWith('/campus/config.json', expect.objectContaining({ cache: 'no-cache' }));
    expect(configUrl('/campus')).toBe('/campus/config.json');
    expect(configUrl('')).toBe('/config.json');
  });
});

describe('parseRuntimeConfig', () => {
  it('fills missing keys with the defaults without a warning', () => {
    const warn = vi.fn();
    expect(parseRuntimeConfig({ supportPhone: '400-800-1234' }, warn)).toEqual({ ...DEFAULT_RUNTIME_CONFIG, supportPhone: '400-800-1234' });
    expect(parseRuntimeConfig({}, warn)).toEqual(DEFAULT_RUNTIME_CONFIG);
    expect(warn).not.toHaveBeenCalled();
  });

  it('a wrong value falls back for that key alone and is named in the warning', () => {
    const warn = vi.fn();
    const config = parseRuntimeConfig({ httpTimeout: '60000', hubPath: 42, supportPhone: '123', extra: true }, warn);
    expect(config).toEqual({ ...DEFAULT_RUNTIME_CONFIG, supportPhone: '123' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toContain('hubPath, httpTimeout');
  });

  it.each([
    ['defaultHost', 'https://api.school.example.com/', 'https://api.school.example.com'],
    ['defaultHost', ' http://localhost:8787 ', 'http://localhost:8787'],
    ['defaultHost', 'ftp://x', DEFAULT_RUNTIME_CONFIG.defaultHost],
    ['defaultHost', 'not a url', DEFAULT_RUNTIME_CONFIG.defaultHost],
    ['basePath', '/campus', '/campus/'],
    ['basePath', '/campus/', '/campus/'],
    ['basePath', 'campus/', DEFAULT_RUNTIME_CONFIG.basePath],
    ['schoolLookupUrl', 'https://lookup.example.com/api/project', 'https://lookup.example.com/api/project'],
    ['schoolLookupUrl', '/lookup', '/lookup'],
    ['schoolLookupUrl', '', DEFAULT_RUNTIME_CONFIG.schoolLookupUrl],
    ['hubPath', '/hub', '/hub'],
    ['hubPath', 'hub', DEFAULT_RUNTIME_CONFIG.hubPath],
    ['httpTimeout', 15000, 15000],
    ['httpTimeout', 0, DEFAULT_RUNTIME_CONFIG.httpTimeout],
    ['httpTimeout', -1, DEFAULT_RUNTIME_CONFIG.httpTimeout],
    ['httpTimeout', 1.5, DEFAULT_RUNTIME_CONFIG.httpTimeout],
    ['httpTimeout', 10 * 60 * 1000 + 1, DEFAULT_RUNTIME_CONFIG.httpTimeout],
  ] as const)('%s %j reads as %j', (key, value, expected) => {
    expect(parseRuntimeConfig({ [key]: value }, () => {})[key]).toBe(expected);
  });

  it('never throws and always answers every key, whatever the file holds', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const config = parseRuntimeConfig(value, () => {});
        expect(Object.keys(config).sort()).toEqual(Object.keys(DEFAULT_RUNTIME_CONFIG).sort());
        expect(typeof config.httpTimeout).toBe('number');
        expect(config.basePath.endsWith('/')).toBe(true);
      }),
    );
  });

  it('never rejects on any text body', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string(), async (text) => {
        const config = await loadRuntimeConfig(answering(text), '/', { warn: () => {} });
        expect(config.httpTimeout).toBeGreaterThan(0);
      }),
      { numRuns: 50 },
    );
  });
});
