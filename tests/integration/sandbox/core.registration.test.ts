import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { login, startTestSandbox, type ApiClient } from '../../../sandbox/testkit';
import type { SandboxHandle } from '../../../sandbox/server';
import { MATTER } from '../../../sandbox/seed/registration';
import { ID_CARDS } from '../../../sandbox/seed/users';

const STU = '/v1/saas-student-service/api/student';

let sb: SandboxHandle;
let verifier: ApiClient;

beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());
beforeEach(async () => {
  sb.reset();
  verifier = (await login(sb, 't1001')).client;
});

type M = { id: string; type: number; isMatterHand: number; msg: string; subBeRemark: number; isMustDoIt: number };

describe('verifier view (stumatter-by-num)', () => {
  it('finds a student by number, ID card or QR content, with matters of every type 0..3', async () => {
    for (const key of ['2026010001', ID_CARDS.s2001, ID_CARDS.s2001.toLowerCase()]) {
      const res = await verifier.get(`${STU}/stumatter-by-num?number=${key}`);
      expect(res.status).toBe(200);
      expect(res.body.userView).toMatchObject({ name: '张三', number: '2026010001' });
      expect(res.body.isHandData).toBe(1);
      const types = (res.body.matterHands as M[]).map((m) => m.type).sort();
      expect(types).toEqual([0, 0, 1, 2, 3]);
      expect(res.body.nowMatter.id).toBe(MATTER.fee);
    }
  });

  it('shows the blocked message and the remark modes 0, 1 and 2', async () => {
    const res = await verifier.get(`${STU}/stumatter-by-num?number=2026010001`);
    const hands = res.body.matterHands as M[];
    expect(hands.find((m) => m.type === 1)!.msg).toBe('请先完成「缴费确认」');
    expect(new Set(hands.map((m) => m.subBeRemark))).toEqual(new Set([0, 1, 2]));
    expect(hands.some((m) => m.isMustDoIt === 0)).toBe(true);
    const fee = (await verifier.get(`${STU}/stumatter-by-num?number=2026010001&nowmatter=${MATTER.goods}`)).body.nowMatter;
    expect(fee).toMatchObject({ id: MATTER.goods, subMatters: '军训服,被褥,校园卡', subBeType: '', subBeRemark: 2 });
  });

  it('answers 404 for an unknown student or matter, 400 without a number, 403 for non-verifiers', async () => {
    expect((await verifier.get(`${STU}/stumatter-by-num?number=nope`)).body.error.message).toBe('未找到该学生');
    expect((await verifier.get(`${STU}/stumatter-by-num?number=2026010001&nowmatter=nope`)).status).toBe(404);
    expect((await verifier.get(`${STU}/stumatter-by-num`)).status).toBe(400);
    const other = (await login(sb, 't1002')).client;
    const res = await other.get(`${STU}/stumatter-by-num?number=2026010001`);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('您没有报到核验权限');
    const student = (await login(sb, 's2001')).client;
    expect((await student.get(`${STU}/stumatter-by-num?number=2026010001`)).status).toBe(403);
  });

  it('reads one matter for a student (matter-by-id)', async () => {
    const res = await verifier.get(`${STU}/${MATTER.info}/matter-by-id?number=2026010001`);
    expect(res.body).toMatchObject({ id: MATTER.info, type: 3, isMatterHand: 1, handName: '王老师', doneTime: expect.any(String) });
    const dorm = await verifier.get(`${STU}/${MATTER.dorm}/matter-by-id?number=2026010001`);
    expect(dorm.body.content).toBe('');
  });
});

describe('student view (own-matter)', () => {
  it('shows the next step for a student with open matters', async () => {
    const s = (await login(sb, 's2001')).client;
    const res = await s.get(`${STU}/own-matter`);
    expect(res.body.nextMatter.id).toBe(MATTER.fee);
    expect(res.body.isHandData).toBe(1);
    expect(res.body.matterHands).toHaveLength(5);
    expect((await s.get(`${STU}/${MATTER.fee}/own-matter`)).body).toMatchObject({ id: MATTER.fee, type: 0, isMatterHand: 0 });
  });

  it('answers no next step when all is done', async () => {
    const s = (await login(sb, 's2002')).client;
    const res = await s.get(`${STU}/own-matter`);
    expect(res.body.nextMatter).toBeNull();
    expect((res.body.matterHands as M[]).every((m) => m.type === 3)).toBe(true);
  });

  it('answers isHandData 0 outside the registration period', async () => {
    const s = (await login(sb, 's2003')).client;
    expect((await s.get(`${STU}/own-matter`)).body.isHandData).toBe(0);
  });

  it('is for students only', async () => {
    expect((await verifier.get(`${STU}/own-matter`)).status).toBe(403);
  });
});

describe('defining-matter', () => {
  const define = (body: Record<string, unknown>) => verifier.post(`${STU}/defining-matter`, { number: '2026010001', ...body });

  it.each([
    [{ matterId: MATTER.fee }, '请选择项目'],
    [{ matterId: MATTER.fee, fillSubMatters: '学费' }, '请选择类型'],
    [{ matterId: MATTER.fee, fillSubMatters: '学费,午餐费', fillSubBeType: '现金' }, '所选项目不存在'],
    [{ matterId: MATTER.fee, fillSubMatters: '学费', fillSubBeType: '支票' }, '所选类型不存在'],
    [{ matterId: MATTER.goods, fillSubMatters: '军训服' }, '请填写备注'],
    [{ matterId: MATTER.goods, fillSubMatters: '军训服', fillSubBeRemark: '字'.repeat(501) }, '备注不能超过500个字符'],
    [{ matterId: '' }, '请选择事项'],
  ])('refuses %j with 400 %s', async (body, message) => {
    const res = await define(body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(sb.db.matterHands).toHaveLength(6);
  });

  it('passes a matter, unblocks the next one, notifies the student, and refuses a second pass', async () => {
    const res = await define({ matterId: MATTER.fee, fillSubMatters: '学费,住宿费', fillSubBeType: '刷卡', fillSubBeRemark: '现场刷卡' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ type: 3, isMatterHand: 1, handName: '王老师', fillSubMatters: '学费,住宿费', fillSubBeType: '刷卡', fillSubBeRemark: '现场刷卡' });
    const view = (await verifier.get(`${STU}/stumatter-by-num?number=2026010001`)).body;
    expect((view.matterHands as M[]).find((m) => m.id === MATTER.dorm)!.type).toBe(0);
    const again = await define({ matterId: MATTER.fee, fillSubMatters: '学费', fillSubBeType: '刷卡' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('该事项已办理');
    expect(sb.db.notices.some((n) => n.title === '「缴费确认」已办理')).toBe(true);
  });

  it('refuses blocked (1) and nothing-to-handle (2) matters with their message (409)', async () => {
    const blocked = await define({ matterId: MATTER.dorm });
    expect(blocked.status).toBe(409);
    expect(blocked.body.error.message).toBe('请先完成「缴费确认」');
    const none = await define({ matterId: MATTER.green, fillSubBeType: '缓缴' });
    expect(none.status).toBe(409);
    expect(none.body.error.message).toBe('您无需办理此事项');
  });

  it('refuses outside the registration period (409 当前不在报到时间范围)', async () => {
    const res = await verifier.post(`${STU}/defining-matter`, { number: '2026010003', matterId: MATTER.info });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('当前不在报到时间范围');
  });

  it('answers 404 for an unknown student or matter', async () => {
    expect((await verifier.post(`${STU}/defining-matter`, { number: 'nope', matterId: MATTER.info })).status).toBe(404);
    expect((await define({ matterId: 'nope' })).status).toBe(404);
  });
});
