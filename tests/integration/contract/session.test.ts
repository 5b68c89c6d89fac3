import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testSandbox } from '../testSandbox';
import { ApiError } from '../../../application/ports/errors';
import { Md5PasswordHasher } from '../../../infrastructure/session/md5PasswordHasher';
import { SCHOOL_LOOKUP_TYPE, schoolLookupAddress } from '../../../infrastructure/session/sessionApi';
import { HttpSessionApi } from '../../../infrastructure/session/sessionApi';
import { createAdapters } from '../../../composition/adapters';
import { loginAs, makeClient, md5, PASSWORD, TENANT } from './support/partA';

const sb = testSandbox();

describe('Md5PasswordHasher', () => {
  const hasher = new Md5PasswordHasher();
  const nodeMd5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

  it.each([
    ['Campus2026', 'f3ba1cc8d6b99afebb1fe558717a0657'],
    ['  Campus2026 \n', 'f3ba1cc8d6b99afebb1fe558717a0657'],
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['密码Abc123!', nodeMd5('密码Abc123!')],
    ['😀emoji', nodeMd5('😀emoji')],
  ])('hashes %j as lowercase hex MD5 of the trimmed UTF-8 input', (plain, expected) => {
    expect(hasher.hash(plain)).toBe(expected);
  });

  it('equals node:crypto for any string, lone surrogates included, and never throws', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => {
        expect(hasher.hash(s)).toBe(nodeMd5(s.trim()));
      }),
    );
  });
});

describe('HttpSessionApi against the sandbox', () => {
  it('looks a school up by code through the configured lookup URL (anonymous, absolute)', async () => {
    const { session } = makeClient(sb.url);
    const found = await session.lookupSchool('demo');
    expect(found.Result).toBeTruthy();
    expect(found.Data).toMatchObject({ code: 'demo', SchoolCode: 'demo', ProjectType: 1, name: '未来校园示范学校' });

    const missing = await session.lookupSchool('nope');
    expect(missing.Result).toBeFalsy();
    expect(missing.Data ?? null).toBeNull();
    expect(missing.Msg).toBe('识别码不存在');
  });

  it('builds the lookup address from the runtime config', () => {
    expect(schoolLookupAddress({ schoolLookupUrl: '/sandbox/school-lookup', defaultHost: 'http://h:1/' })).toBe('http://h:1/sandbox/school-lookup');
    expect(schoolLookupAddress({ schoolLookupUrl: 'https://lookup.example.com/api', defaultHost: 'http://h:1' })).toBe('https://lookup.example.com/api');
    expect(SCHOOL_LOOKUP_TYPE).toBe('getprojectbycode');
  });

  it('logs t1001 in with the hashed password and reads the token record', async () => {
    const { session } = makeClient(sb.url);
    const rec = await session.mobileLogin({ account: 't1001', hashedPassword: md5(PASSWORD), tenantCode: TENANT });
    expect(rec.encryptedAccessToken).toEqual(expect.any(String));
    expect(rec.encryptedAccessToken.length).toBeGreaterThan(0);
    expect(rec.refreshToken).toEqual(expect.any(String));
    expect(rec.expireInSeconds).toBeGreaterThan(0);
    expect(rec.userId).toEqual(expect.any(String));
  });

  it('rejects a wrong password with the server message, without any refresh attempt', async () => {
    const { session, http, lost } = makeClient(sb.url);
    const call = session.mobileLogin({ account: 't1001', hashedPassword: md5('wrong'), tenantCode: TENANT });
    await expect(call).rejects.toBeInstanceOf(ApiError);
    await expect(session.mobileLogin({ account: 't1001', hashedPassword: md5('wrong'), tenantCode: TENANT })).rejects.toMatchObject({
      kind: 'http',
      status: 400,
      message: '账号或密码错误',
    });
    expect(http.refreshCount).toBe(0);
    expect(lost()).toBe(0);
  });

  it('logs in by single sign-on with a seeded sid, once', async () => {
    const { session } = makeClient(sb.url);
    const rec = await session.sidLogin({ sid: 'sid-s2001-demo', sourceURL: 'https://portal.example.com' });
    expect(rec.encryptedAccessToken.length).toBeGreaterThan(0);
    expect(rec.refreshToken.length).toBeGreaterThan(0);
    await expect(session.sidLogin({ sid: 'sid-s2001-demo', sourceURL: '' })).rejects.toMatchObject({ kind: 'http', message: '登录凭证无效或已过期' });
  });

  it('reads the signed-in user and their campuses (t1001 王老师)', async () => {
    const c = await loginAs(sb.url, 't1001');
    const me = await c.session.userInfo();
    expect(me).toMatchObject({ name: '王老师', userType: 1, number: 'T1001', sex: 2 });
    expect(me.id).toBe(c.userId);
    expect(me.phoneNum).toMatch(/\*/);
    expect(me.setting?.disableNotificationVibration).toBe(false);

    const campuses = await c.session.campuses();
    expect(campuses.map((x) => x.name)).toEqual(['主校区', '东校区']);
    expect(campuses[0]?.typeName).toBe('校区');
  });

  it('sees only the campuses of the user (o5001 has the main campus only)', async () => {
    const c = await loginAs(sb.url, 'o5001');
    expect((await c.session.campuses()).map((x) => x.name)).toEqual(['主校区']);
    expect((await c.session.userInfo()).userType).toBe(5);
  });

  it('without a session, user info is refused as unauthorized', async () => {
    const { session, lost } = makeClient(sb.url);
    await expect(session.userInfo()).rejects.toMatchObject({ kind: 'unauthorized', status: 401 });
    expect(lost()).toBe(1);
  });

  it('an answer missing a required field is a typed malformed error, not a crash', async () => {
    // The lookup URL points at a sandbox route whose answer is not a school (an array): the schema refuses it.
    const { http, config } = makeClient(sb.url);
    const api = new HttpSessionApi(http, { ...config, schoolLookupUrl: '/sandbox/admin/sms' });
    await expect(api.lookupSchool('demo')).rejects.toMatchObject({ kind: 'malformed' });
  });
});

describe('the adapters of the composition root', () => {
  it('every HTTP adapter is built from the one client and answers through it', async () => {
    const { http, config } = makeClient(sb.url);
    const adapters = createAdapters(http, config.calls);
    expect(Object.keys(adapters).sort()).toEqual(['account', 'approval', 'apps', 'files', 'flowchart', 'forms', 'messages', 'portal', 'registration', 'search', 'selectors', 'todo']);
    const hasher = new Md5PasswordHasher();
    const session = new HttpSessionApi(http, config);
    const school = await session.lookupSchool('demo');
    const rec = await session.mobileLogin({ account: 't1001', hashedPassword: hasher.hash(` ${PASSWORD} `), tenantCode: String(school.Data?.SchoolCode) });
    expect(rec.encryptedAccessToken.length).toBeGreaterThan(0);
  });
});

