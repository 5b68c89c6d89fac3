import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, login, startTestSandbox } from '../../../sandbox/testkit';
import { startSandbox, type SandboxHandle } from '../../../sandbox/server';
import { Router } from '../../../sandbox/core/router';

let sb: SandboxHandle;
let anon: ApiClient;
const tmp = mkdtempSync(join(tmpdir(), 'sandbox-core-'));

beforeAll(async () => {
  sb = await startTestSandbox();
  anon = new ApiClient(sb.url);
});
afterAll(async () => {
  await sb.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('router', () => {
  it('prefers literal segments over parameters, parameters over the wildcard', () => {
    const h = () => ({});
    const r = new Router([
      { method: 'GET', path: '/a/:id', handler: h },
      { method: 'GET', path: '/a/category', handler: h },
      { method: 'GET', path: '/a/*', handler: h },
    ]);
    expect(r.match('GET', '/a/category').match?.route.path).toBe('/a/category');
    expect(r.match('GET', '/a/x').match?.params).toEqual({ id: 'x' });
    expect(r.match('GET', '/a/x/y').match?.params).toEqual({ '*': 'x/y' });
    expect(r.match('GET', '/A/Category').match?.route.path).toBe('/a/category');
    expect(r.match('POST', '/a/x').methodMismatch).toBe(true);
  });
});

describe('http behaviour', () => {
  it('answers CORS preflights and echoes the origin', async () => {
    const res = await fetch(sb.url + '/v1/saas-basic-data-service/api/user-info/info', {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization,campus' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-allow-headers')).toBe('authorization,campus');
  });

  it('answers 404 for unknown paths and 405 for a wrong method, with error.message', async () => {
    const nf = await anon.get('/v1/nope');
    expect(nf.status).toBe(404);
    expect(nf.body.error.message).toContain('/v1/nope');
    const na = await anon.request('DELETE', '/v1/saas-identity-service/api/account/mobile-login');
    expect(na.status).toBe(405);
    expect(na.body.error.message).toBeTruthy();
  });

  it('serves a landing page and config.json without a dist', async () => {
    expect((await fetch(sb.url + '/')).headers.get('content-type')).toContain('text/html');
    expect((await anon.get('/config.json')).body).toMatchObject({ hubPath: '/messagehub/message-hub', httpTimeout: 60000 });
  });
});

describe('admin', () => {
  it('injects faults by path substring, a number of times, with a delay', async () => {
    const s = await login(sb, 't1001');
    const f = await anon.post('/sandbox/admin/fault', { path: 'user-info/info', status: 503, times: 2 });
    expect(f.status).toBe(200);
    expect((await anon.get('/sandbox/admin/fault')).body[0]).toMatchObject({ path: 'user-info/info', status: 503, remaining: 2 });
    for (let i = 0; i < 2; i++) {
      const res = await s.client.get('/v1/saas-basic-data-service/api/user-info/info');
      expect(res.status).toBe(503);
      expect(res.body.error.message).toBe('模拟故障');
    }
    expect((await s.client.get('/v1/saas-basic-data-service/api/user-info/info')).status).toBe(200);
    await anon.post('/sandbox/admin/fault', { path: 'school-campus', delayMs: 300 });
    const t0 = Date.now();
    expect((await s.client.get('/v1/saas-basic-data-service/api/school-campus/user')).status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(280);
    await anon.post('/sandbox/admin/fault', { path: 'app-tabs', status: 500, times: -1, message: '服务繁忙' });
    expect((await s.client.get('/v1/message-service/api/message-group/app-tabs')).body.error.message).toBe('服务繁忙');
    expect((await s.client.get('/v1/message-service/api/message-group/app-tabs')).status).toBe(500);
    await anon.del('/sandbox/admin/fault');
    expect((await s.client.get('/v1/message-service/api/message-group/app-tabs')).status).toBe(200);
    expect((await anon.post('/sandbox/admin/fault', { path: 'x' })).status).toBe(400);
  });

  it('resets to the seed: data, clock and faults', async () => {
    const s = await login(sb, 'o5001');
    await s.client.put('/v1/saas-system-service/api/user-info/profile-summary', { profileSummary: '改过了' });
    await anon.post('/sandbox/admin/clock', { advanceMs: 3600_000 });
    await anon.post('/sandbox/admin/fault', { path: 'never-matches', status: 500, times: -1 });
    const db = sb.db;
    const res = await anon.post('/sandbox/admin/reset');
    expect(res.body).toEqual({ ok: true });
    expect(sb.db).toBe(db);
    expect((await s.client.get('/v1/saas-basic-data-service/api/user-info/info')).body.profileSummary).toBe('');
    expect((await anon.get('/sandbox/admin/clock')).body.offsetMs).toBe(0);
    expect((await anon.get('/sandbox/admin/fault')).body).toEqual([]);
  });

  it('moves the clock by now, offsetMs or advanceMs', async () => {
    const r = await anon.post('/sandbox/admin/clock', { now: '2030-05-01T08:00:00' });
    expect(new Date(r.body.now).getFullYear()).toBe(2030);
    expect(sb.services.now().getFullYear()).toBe(2030);
    await anon.post('/sandbox/admin/clock', { offsetMs: 0 });
    expect(Math.abs(sb.services.now().getTime() - Date.now())).toBeLessThan(1000);
    expect((await anon.post('/sandbox/admin/clock', {})).status).toBe(400);
  });
});

describe('workflow module', () => {
  it('is mounted: its routes answer behind authentication', async () => {
    const s = await login(sb, 't1001');
    expect((await anon.get('/v1/less-code-service/api/flow-define/flow-drop-down-list')).status).toBe(401);
    const res = await s.client.get('/v1/less-code-service/api/flow-define/flow-drop-down-list');
    expect(res.status).toBe(200);
    expect(sb.db.workflow).toBeTruthy();
  });
});

describe('serving the built client', () => {
  let web: SandboxHandle;
  const dist = join(tmp, 'dist');

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'assets', 'index-AbC123xY.js'), 'console.log(1)');
    writeFileSync(join(dist, 'assets', 'index-AbC123xY.css'), 'body{}');
    writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
    web = await startTestSandbox({ distDir: dist });
  });
  afterAll(() => web.close());

  it('serves files with content types and long caching for hashed assets', async () => {
    const js = await fetch(web.url + '/assets/index-AbC123xY.js');
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const css = await fetch(web.url + '/assets/index-AbC123xY.css');
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const icon = await fetch(web.url + '/favicon.svg');
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('falls back to index.html for client routes, not for API paths or missing assets', async () => {
    for (const path of ['/', '/page/todo', '/page/approvalCenter/flowList?x=1']) {
      const res = await fetch(web.url + path, { headers: { Accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('id="root"');
    }
    expect((await fetch(web.url + '/assets/missing-12345678.js')).status).toBe(404);
    expect((await fetch(web.url + '/v1/unknown')).status).toBe(404);
    expect((await fetch(web.url + '/../../etc/passwd')).status).not.toBe(500);
  });

  it('generates config.json when the build has none', async () => {
    const res = await fetch(web.url + '/config.json');
    expect(await res.json()).toEqual({
      defaultHost: '',
      basePath: '/',
      schoolLookupUrl: '/sandbox/school-lookup',
      hubPath: '/messagehub/message-hub',
      supportPhone: '400-800-1234',
      httpTimeout: 60000,
      trustedFrameOrigins: [],
      shellOrigin: '',
    });
  });

  it('serves the build’s own config.json when present', async () => {
    writeFileSync(join(dist, 'config.json'), '{"defaultHost":"x"}');
    expect(await (await fetch(web.url + '/config.json')).json()).toEqual({ defaultHost: 'x' });
    rmSync(join(dist, 'config.json'));
  });
});

describe('persistence', () => {
  it('writes the db atomically (debounced) and loads it on the next start', async () => {
    const file = join(tmp, 'data', 'db.json');
    const first = await startSandbox({ port: 0, dataFile: file, quiet: true });
    const s = await login(first, 'p3001');
    await s.client.put('/v1/saas-system-service/api/user-info/profile-summary', { profileSummary: '持久化' });
    await first.close();
    expect(existsSync(file)).toBe(true);
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    expect(saved.db.users.find((u: { account: string }) => u.account === 'p3001').profileSummary).toBe('持久化');

    const second = await startSandbox({ port: 0, dataFile: file, quiet: true });
    try {
      const again = new ApiClient(second.url, s.token);
      expect((await again.get('/v1/saas-basic-data-service/api/user-info/info')).body.profileSummary).toBe('持久化');
    } finally {
      await second.close();
    }
  });

  it('reseeds when the file is unreadable', async () => {
    const file = join(tmp, 'broken.json');
    writeFileSync(file, '{not json');
    const b = await startSandbox({ port: 0, dataFile: file, quiet: true });
    try {
      expect((await login(b, 't1001')).token).toBeTruthy();
    } finally {
      await b.close();
    }
    expect(JSON.parse(readFileSync(file, 'utf8')).db.version).toBe(1);
  });
});
