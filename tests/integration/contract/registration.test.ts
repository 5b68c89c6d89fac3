import { describe, expect, it } from 'vitest';
import { testSandbox } from '../testSandbox';
import { registrationView } from '../../../domain/registration/matter';
import { HttpRegistrationApi } from '../../../infrastructure/registration/registrationApi';
import { MatterResponseSchema } from '../../../infrastructure/registration/schemas';
import { loginAs } from './support/partA';

const sb = testSandbox();

const S2001 = '2026010001';
const registrationFor = async (account: string) => new HttpRegistrationApi((await loginAs(sb.url, account)).http);

describe('HttpRegistrationApi against the sandbox', () => {
  it('verifier t1001 finds s2001 by student number: current matter, all matters, period and student', async () => {
    const api = await registrationFor('t1001');
    const answer = await api.studentMatters({ number: S2001 });
    expect(answer.isHandData).toBe(1);
    expect(answer.student).toMatchObject({ name: '张三', number: S2001 });
    expect(answer.userView).toBeNull();
    expect(answer.matterHands!.map((m) => m.name)).toEqual(['信息确认', '缴费确认', '领取物品', '宿舍入住', '绿色通道']);
    expect(answer.matterHands!.find((m) => m.name === '信息确认')).toMatchObject({ isMatterHand: 1, type: 3, handName: '王老师' });
    expect(answer.nowMatter).toMatchObject({ type: 0, isMatterHand: 0 });

    const view = registrationView(answer, 1);
    expect(view.kind).toBe('verifier');
  });

  it('asks for a given matter as the current one with nowmatter', async () => {
    const api = await registrationFor('t1001');
    const all = (await api.studentMatters({ number: S2001 })).matterHands!;
    const goods = all.find((m) => m.name === '领取物品')!;
    const answer = await api.studentMatters({ number: S2001, nowMatter: goods.id });
    expect(answer.nowMatter).toMatchObject({ id: goods.id, name: '领取物品' });
  });

  it('verifier passes a matter (defining-matter) and it reads as handled', async () => {
    const api = await registrationFor('t1001');
    const goods = (await api.studentMatters({ number: S2001 })).matterHands!.find((m) => m.name === '领取物品')!;
    const detail = await api.matterById(goods.id, S2001);
    expect(detail).toMatchObject({ id: goods.id, subMatters: '军训服,被褥,校园卡', subBeRemark: 2, isMatterHand: 0 });

    await api.defineMatter({ number: S2001, matterId: goods.id, fillSubMatters: '军训服,校园卡', fillSubBeRemark: '被褥下周补领' });

    const after = await api.matterById(goods.id, S2001);
    expect(after).toMatchObject({ isMatterHand: 1, type: 3, handName: '王老师', fillSubMatters: '军训服,校园卡', fillSubBeRemark: '被褥下周补领' });
    expect(after.doneTime).toEqual(expect.any(String));
    await expect(api.defineMatter({ number: S2001, matterId: goods.id, fillSubMatters: '军训服', fillSubBeRemark: 'x' })).rejects.toMatchObject({
      kind: 'http',
      status: 409,
      message: '该事项已办理',
    });
  });

  it('the server checks the remark form: a required remark missing is refused', async () => {
    const api = await registrationFor('t1001');
    const goods = (await api.studentMatters({ number: S2001 })).matterHands!.find((m) => m.name === '领取物品')!;
    await expect(api.defineMatter({ number: S2001, matterId: goods.id, fillSubMatters: '军训服' })).rejects.toMatchObject({ status: 400, message: '请填写备注' });
  });

  it('a student reads own matters, the next step and one matter; verifying is refused', async () => {
    const api = await registrationFor('s2001');
    const own = await api.ownMatters();
    expect(own.isHandData).toBe(1);
    expect(own.nextMatter).toMatchObject({ isMustDoIt: 1, isMatterHand: 0 });
    expect(own.matterHands).toHaveLength(5);
    const info = own.matterHands!.find((m) => m.name === '信息确认')!;
    expect(await api.ownMatterById(info.id)).toMatchObject({ id: info.id, isMatterHand: 1, type: 3 });
    await expect(api.studentMatters({ number: S2001 })).rejects.toMatchObject({ status: 403, message: '您没有报到核验权限' });
  });

  it('s2003 is outside the registration period (isHandData 0)', async () => {
    const own = await (await registrationFor('s2003')).ownMatters();
    expect(own.isHandData).toBe(0);
    expect(registrationView(own, 2).kind).toBe('outsidePeriod');
  });

  it('s2002 has done everything: no next matter', async () => {
    const own = await (await registrationFor('s2002')).ownMatters();
    expect(own.nextMatter ?? null).toBeNull();
    expect(registrationView(own, 2)).toMatchObject({ kind: 'student', allDoneText: '恭喜，您的所有事项已办理完成' });
  });

  it('an unknown student number is the server’s 404', async () => {
    await expect((await registrationFor('t1001')).studentMatters({ number: '0000' })).rejects.toMatchObject({ status: 404, message: '未找到该学生' });
  });
});

describe('MatterResponseSchema', () => {
  it('keeps a numeric userView and moves a student object to student', () => {
    expect(MatterResponseSchema.parse({ isHandData: 1, userView: 0 })).toMatchObject({ userView: 0, student: null });
    expect(MatterResponseSchema.parse({ userView: { id: 's', name: '张三' } })).toMatchObject({ userView: null, student: { id: 's', name: '张三' } });
    expect(MatterResponseSchema.safeParse({ matterHands: [{ id: 'm' }] }).success).toBe(false);
  });
});
