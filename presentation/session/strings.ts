/**
 * Presentation-only strings of the login and SSO screens. The spec gives the messages
 * (domain/account/messages.ts); these are the labels around them, decided here.
 */
export const WELCOME = '欢迎登录';
export const LOGIN = '登录';
export const LOGGING_IN = '登录中';
export const ACCOUNT_LABEL = '账号';
export const ACCOUNT_PLACEHOLDER = '请输入账号';
export const PASSWORD_LABEL = '密码';
export const PASSWORD_PLACEHOLDER = '请输入密码';
export const SHOW_PASSWORD = '显示密码';
export const HIDE_PASSWORD = '隐藏密码';
export const AGREEMENT_PREFIX = '我已阅读并同意';
export const AGREEMENT_JOIN = '和';
export const AGREEMENT_LABEL = '同意服务条款和隐私政策';

export const BIND_SCHOOL_HINT = '请输入学校提供的识别码，或扫描学校二维码完成绑定';
export const SCHOOL_CODE_LABEL = '识别码';
export const SCAN_CODE = '扫码绑定';
export const BIND_CONFIRM = '确定';
export const SWITCH_SCHOOL = '切换学校';
export const NO_SCHOOL = '尚未绑定学校';
export const GO_BIND = '去绑定';

export const SSO_SIGNING_IN = '正在登录';
export const SSO_FAILED = '登录失败';
export const SSO_BACK = '返回';
