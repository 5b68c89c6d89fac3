import { describe, expect, it } from 'vitest';
import * as M from '../../../../domain/registration/messages';

describe('registration strings are the spec words', () => {
  it.each([
    [M.VERIFY_PASS, '核验通过'],
    [M.progressTitle(3, 7), '事项办理情况（3 / 7）'],
    [M.REFRESH_STATUS, '刷新状态'],
    [M.VERIFY_SUCCESS, '核验成功'],
    [M.MY_QR_CODE, '我的二维码'],
    [M.NEXT_STEP_TITLE, '下一步骤'],
    [M.HANDLE_THIS_STEP_FIRST, '请先办理此步骤'],
    [M.ALL_MATTERS_DONE, '恭喜，您的所有事项已办理完成'],
    [M.OUTSIDE_REGISTRATION_PERIOD, '当前不在报到时间范围'],
    [M.MUST_DO, '必办'],
    [M.NO_MATTER_CONTENT, '无事项内容'],
    [M.SELECT_ITEMS, '请选择项目'],
    [M.SELECT_TYPE, '请选择类型'],
    [M.FILL_REMARK, '请填写备注'],
    [M.QR_NO_INPUT, 'No input text'],
    [M.SEX_MALE, '男'],
    [M.SEX_FEMALE, '女'],
  ])('%s', (constant, literal) => {
    expect(constant).toBe(literal);
  });

  it('decided strings', () => {
    expect(M.WAITING_FOR_HANDLING).toBe('该事项等待办理中，请耐心等待');
    expect(M.MATTER_HANDLED).toBe('已办理');
    expect(M.MATTER_NOT_HANDLED).toBe('未办理');
    expect(M.MATTER_BLOCKED_FALLBACK).toBe('暂不可办理');
    expect(M.MATTER_UNAVAILABLE).toBe('当前事项无法办理');
  });
});
