import { describe, expect, it } from 'vitest';
import * as M from '../../../../domain/account/messages';

describe('account strings are the spec words', () => {
  it.each([
    [M.ENTER_OLD_PASSWORD, '请输入原密码'],
    [M.ENTER_NEW_PASSWORD, '请输入新密码'],
    [M.ENTER_CONFIRM_PASSWORD, '请输入确认密码'],
    [M.PASSWORDS_DIFFER, '两次输入的密码不一致'],
    [M.CONFIRM_CHANGE, '确认修改'],
    [M.CHANGE_SUCCESS, '修改成功'],
    [M.INVALID_PHONE, '请输入正确的手机号'],
    [M.SECURITY_TITLE, '安全验证'],
    [M.CHANGE_PHONE_TITLE, '修改手机号'],
    [M.NO_PHONE_BOUND, '未绑定手机号'],
    [M.BINDING_INCOMPLETE, '请将项目信息填写完整'],
    [M.CONFIRM_BINDING, '确认绑定'],
    [M.ALL_FIELDS_REQUIRED_NOTE, '项目均为必填项'],
    [M.BIND_SUCCESS, '绑定成功'],
    [M.UNBIND_TITLE, '解绑学生'],
    [M.UNBIND_CONTENT, '此操作将解绑该学生！'],
    [M.AGREEMENT_REQUIRED, '请先阅读并同意《服务条款》和《隐私政策》'],
    [M.ACCOUNT_REQUIRED, '账号不能为空'],
    [M.PASSWORD_REQUIRED, '密码不能为空'],
    [M.TERMS_OF_SERVICE, '服务条款'],
    [M.PRIVACY_POLICY, '隐私政策'],
    [M.SCHOOL_CODE_REQUIRED, '请输入识别码'],
    [M.SCHOOL_CODE_INVALID, '识别码无效'],
    [M.USE_NATIVE_APP, '请使用小渔未来校园App'],
    [M.BIO_PLACEHOLDER, '说点什么吧'],
    [M.DEFAULT_BIO, '暂无简介'],
    [M.EDIT_PROFILE, '编辑资料'],
    [M.AVATAR_UPLOAD_FAILED, '头像上传失败'],
    [M.AVATAR_UPLOAD_SUCCEEDED, '头像上传成功'],
    [M.REUPLOAD, '重新上传'],
    [M.SECURITY_METHOD_PASSWORD, '账户密码'],
    [M.SECURITY_METHOD_SMS, '短信验证'],
    [M.SECURITY_PASSWORD_REQUIRED, '请输入密码'],
    [M.WRONG_PASSWORD, '密码错误'],
    [M.BIND_PHONE_FIRST, '请先绑定手机号'],
    [M.NEXT_STEP, '下一步'],
    [M.ABOUT_TITLE, '关于未来校园'],
    [M.SETTINGS_TITLE, '设置与隐私'],
    [M.APP_VERSION, '1.5.8'],
    [M.CANCEL_ACCOUNT, '注销账号'],
    [M.LOGOUT, '退出登录'],
    [M.passwordLengthMessage(6), '密码长度必须在6-32位之间'],
    [M.passwordHint(6, '数字'), '登录密码由6-32位， 包含数字组成'],
  ])('%s', (constant, literal) => {
    expect(constant).toBe(literal);
  });

  it('the cancellation text names the support phone and the 24-hour reply', () => {
    const text = M.accountCancellationText('400-123-4567');
    expect(text).toContain('400-123-4567');
    expect(text).toContain('24小时');
    expect(text).toBe('如需注销账号，请联系客服电话400-123-4567，我们将在24小时内回复您。');
  });

  it('label tables are frozen', () => {
    expect(Object.isFrozen(M.RELATIONSHIP_LABELS)).toBe(true);
  });
});
