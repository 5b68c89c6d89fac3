import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  DEFAULT_FRAME_ORIGINS,
  originSource,
  parseSecuritySettings,
  securityHeaders,
  securityHeadersForConfig,
} from '../../../sandbox/core/securityHeaders';

/** 'a b; c d' -> { a: ['b'], c: ['d'] } */
const directives = (policy: string): Record<string, string[]> =>
  Object.fromEntries(
    policy.split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name!, sources];
    }),
  );

const DEFAULT_CONFIG = {
  defaultHost: '',
  basePath: '/',
  schoolLookupUrl: '/sandbox/school-lookup',
  hubPath: '/messagehub/message-hub',
  supportPhone: '400-800-1234',
  httpTimeout: 60000,
};

describe('the policy of the default config (same-origin API)', () => {
  const csp = directives(securityHeadersForConfig(DEFAULT_CONFIG)['Content-Security-Policy']!);

  it('allows scripts from the app only: no inline script, no eval, WebAssembly for the MD5 of uploads', () => {
    expect(csp['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(Object.values(csp).flat()).not.toContain("'unsafe-eval'");
  });

  it('no injected <style> element; style attributes only', () => {
    expect(csp['style-src']).toEqual(["'self'"]);
    expect(csp['style-src-attr']).toEqual(["'unsafe-inline'"]);
  });

  it('object-src none, base-uri none, form-action self, frame-ancestors self', () => {
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'none'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'self'"]);
  });

  it('connect, images, workers and frames', () => {
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp['worker-src']).toEqual(["'self'", 'blob:']);
    expect(csp['frame-src']).toEqual(["'self'", ...DEFAULT_FRAME_ORIGINS]);
  });

  it('the companion headers; X-Frame-Options agrees with frame-ancestors', () => {
    const h = securityHeadersForConfig(DEFAULT_CONFIG);
    expect(h['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(h['X-Content-Type-Options']).toBe('nosniff');
    expect(h['X-Frame-Options']).toBe('SAMEORIGIN');
  });
});

describe('origins from config.json', () => {
  it('defaultHost and an absolute schoolLookupUrl are API origins: connect-src (http and ws) and img-src', () => {
    const { settings } = parseSecuritySettings({ ...DEFAULT_CONFIG, defaultHost: 'https://api.school.edu/', schoolLookupUrl: 'https://lookup.example.com/project?x=1' });
    expect(settings.apiOrigins).toEqual(['https://api.school.edu', 'https://lookup.example.com']);
    const csp = directives(contentSecurityPolicy(settings));
    expect(csp['connect-src']).toEqual(["'self'", 'https://api.school.edu', 'wss://api.school.edu', 'https://lookup.example.com', 'wss://lookup.example.com']);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://api.school.edu', 'https://lookup.example.com']);
  });

  it('security.apiOrigins adds school hosts and file storage; http origins get ws', () => {
    const { settings, rejected } = parseSecuritySettings({
      defaultHost: 'http://10.0.0.5:8080',
      security: { apiOrigins: ['https://obs.school.edu', 'https://*.saas.example.com', 'http://10.0.0.5:8080'] },
    });
    expect(rejected).toEqual([]);
    expect(settings.apiOrigins).toEqual(['http://10.0.0.5:8080', 'https://obs.school.edu', 'https://*.saas.example.com']);
    expect(directives(contentSecurityPolicy(settings))['connect-src']).toEqual([
      "'self'",
      'http://10.0.0.5:8080',
      'ws://10.0.0.5:8080',
      'https://obs.school.edu',
      'wss://obs.school.edu',
      'https://*.saas.example.com',
      'wss://*.saas.example.com',
    ]);
  });

  it('frameOrigins replaces the default https:; frameAncestors extends self and drops X-Frame-Options', () => {
    const { settings } = parseSecuritySettings({ security: { frameOrigins: ['https://apps.school.edu'], frameAncestors: ['https://portal.school.edu'] } });
    const h = securityHeaders(settings);
    const csp = directives(h['Content-Security-Policy']!);
    expect(csp['frame-src']).toEqual(["'self'", 'https://apps.school.edu']);
    expect(csp['frame-ancestors']).toEqual(["'self'", 'https://portal.school.edu']);
    expect(h['X-Frame-Options']).toBeUndefined();
    expect(directives(contentSecurityPolicy(parseSecuritySettings({ security: { frameOrigins: [] } }).settings))['frame-src']).toEqual(["'self'"]);
  });

  it('a relative defaultHost or lookup URL adds nothing (the app origin is self)', () => {
    expect(parseSecuritySettings(DEFAULT_CONFIG).settings.apiOrigins).toEqual([]);
    expect(parseSecuritySettings({ defaultHost: 'https://u:p@api.school.edu' }).settings.apiOrigins).toEqual([]);
  });

  it('hostile entries are refused, never widen the policy nor add a directive', () => {
    const hostile = [
      "'unsafe-inline'",
      '*',
      'https:',
      'https://a.edu; script-src *',
      'https://a.edu/path',
      'javascript:',
      'data:',
      'https://a.edu evil.com',
      "https://a.edu'",
      'ftp://files.edu',
      42,
      null,
    ];
    const { settings, rejected } = parseSecuritySettings({
      defaultHost: 'javascript:alert(1)',
      security: { apiOrigins: hostile, frameAncestors: hostile, frameOrigins: [...hostile.filter((h) => h !== 'https:'), 'data:'] },
    });
    expect(settings.apiOrigins).toEqual([]);
    expect(settings.frameAncestors).toEqual([]);
    expect(settings.frameOrigins).toEqual([]);
    expect(rejected.length).toBe(hostile.length * 2 + hostile.length);
    // Exactly the policy with nothing added.
    expect(contentSecurityPolicy(settings)).toBe(contentSecurityPolicy({ apiOrigins: [], frameOrigins: [], frameAncestors: [] }));
  });

  it('a list that is not an array, or config that is not an object, gives the defaults', () => {
    expect(parseSecuritySettings({ security: { apiOrigins: 'https://a.edu' } }).rejected).toEqual(['https://a.edu']);
    for (const config of [null, 'x', [], 3]) {
      expect(parseSecuritySettings(config).settings).toEqual({ apiOrigins: [], frameOrigins: [...DEFAULT_FRAME_ORIGINS], frameAncestors: [] });
    }
  });

  it('originSource normalises case and a trailing slash', () => {
    expect(originSource('HTTPS://Files.School.EDU/')).toBe('https://files.school.edu');
    expect(originSource('https://files.school.edu:8443')).toBe('https://files.school.edu:8443');
    expect(originSource('https://files.school.edu/x')).toBeNull();
  });
});
