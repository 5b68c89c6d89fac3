/**
 * The hostile seed (sandbox/hostile/seed.ts): every text, link, picture and HTML field
 * hostile, every user still able to sign in and every list still answering.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient, login, startTestSandbox } from '../../../sandbox/testkit';
import type { SandboxHandle } from '../../../sandbox/server';
import { HOSTILE_HTML, HOSTILE_LINKS, HOSTILE_TEXTS } from '../../../sandbox/hostile/seed';
import { DEMO_ACCOUNTS } from '../../../sandbox/seed/accounts';

let sb: SandboxHandle;
let admin: ApiClient;
beforeAll(async () => {
  sb = await startTestSandbox();
  admin = new ApiClient(sb.url);
});
afterAll(() => sb.close());
beforeEach(async () => {
  await admin.post('/sandbox/admin/reset');
});

const hostileText = (s: unknown) => typeof s === 'string' && HOSTILE_TEXTS.some((t) => s.includes(t.slice(0, 12)));

describe('the hostile seed', () => {
  it('turns names, notices, apps and links hostile; every demo account still signs in', async () => {
    const res = await admin.post<{ replaced: number }>('/sandbox/admin/hostile', { foreign: 'http://127.0.0.1:9' });
    expect(res.status).toBe(200);
    expect(res.body.replaced).toBeGreaterThan(200);
    for (const a of DEMO_ACCOUNTS) {
      const s = await login(sb, a.account);
      const info = await s.client.get<{ name: string }>('/v1/saas-basic-data-service/api/user-info/info');
      expect(info.status, a.account).toBe(200);
      expect(hostileText(info.body.name), a.account).toBe(true);
    }
    const db = sb.db;
    expect(db.notices.every((n) => HOSTILE_HTML.some((h) => n.context === h.replaceAll('{foreign}', 'http://127.0.0.1:9').replaceAll('{app}', `${new URL(sb.url).origin}`)))).toBe(true);
    expect(db.carousel.every((c) => HOSTILE_LINKS.some((l) => c.jumpAddress === l.replaceAll('{foreign}', 'http://127.0.0.1:9').replaceAll('{app}', new URL(sb.url).origin)))).toBe(true);
    // Accounts, ids and codes are left alone.
    for (const a of DEMO_ACCOUNTS) expect(db.users.some((u) => u.account === a.account)).toBe(true);
  });

  it('a reset brings the ordinary seed back', async () => {
    await admin.post('/sandbox/admin/hostile', {});
    await admin.post('/sandbox/admin/reset');
    const s = await login(sb, 't1001');
    const info = await s.client.get<{ name: string }>('/v1/saas-basic-data-service/api/user-info/info');
    expect(info.body.name).toBe('王老师');
    // Everything, the flows' form definitions too (they were changed in place and stayed
    // hostile past the reset, into the next test of the same sandbox).
    expect(JSON.stringify(sb.db)).not.toContain(HOSTILE_TEXTS[0]!.slice(0, 40));
  });
});
