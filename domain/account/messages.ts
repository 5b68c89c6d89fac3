/**
 * Every string the account screens show, word for word from SPEC.md where it gives one.
 * Strings the spec leaves open are marked "decided" and listed in the context report.
 */

// Password policy (SPEC point 5, Account)
export const passwordLengthMessage = (digits: number): string => `密码长度必须在${digits}-32位之间`;
export const PASSWORD_NEEDS_DIGIT = '密码必须包含数字';
export const PASSWORD_NEEDS_LETTER = '密码必须包含字母';
export const PASSWORD_NEEDS_MIXED_CASE = '密码必须包含大小写字母';
export const PASSWORD_NEEDS_SPECIAL = '密码必须包含特殊字符';
/** Names of the character classes in the hint, in bit order 1, 2, 4, 8. */
export const PASSWORD_CLASS_DIGIT = '数字';
export const PASSWORD_CLASS_LETTER = '字母';
export const PASSWORD_CLASS_MIXED_CASE = '大小写字母';
export const PASSWORD_CLASS_SPECIAL = '特殊字符';
export const PASSWORD_CLASS_SEPARATOR = '、';
/** The spec's hint keeps a full-width comma followed by a space. */
export const passwordHint = (digits: number, classes: string): string =>
  `登录密码由${digits}-32位， 包含${classes}组成`;
/** Decided: the hint when the policy requires no character class. */
export const passwordHintWithoutClasses = (digits: number): string => `登录密码由${digits}-32位字符组成`;

// Change password
export const ENTER_OLD_PASSWORD = '请输入原密码';
export const ENTER_NEW_PASSWORD = '请输入新密码';
export const ENTER_CONFIRM_PASSWORD = '请输入确认密码';
export const PASSWORDS_DIFFER = '两次输入的密码不一致';
export const CONFIRM_CHANGE = '确认修改';
export const CHANGE_SUCCESS = '修改成功';

// Phone
export const INVALID_PHONE = '请输入正确的手机号';
export const SECURITY_TITLE = '安全验证';
export const CHANGE_PHONE_TITLE = '修改手机号';
export const NO_PHONE_BOUND = '未绑定手机号';

// Student binding
export const BINDING_INCOMPLETE = '请将项目信息填写完整';
/** Decided: the spec gives the limit of 5 but no message. */
export const BINDING_LIMIT_REACHED = '最多绑定5个学生';
export const CONFIRM_BINDING = '确认绑定';
export const ALL_FIELDS_REQUIRED_NOTE = '项目均为必填项';
export const BIND_SUCCESS = '绑定成功';
export const UNBIND_TITLE = '解绑学生';
export const UNBIND_CONTENT = '此操作将解绑该学生！';
export const RELATIONSHIP_LABELS = Object.freeze({
  0: '家长',
  1: '爸爸',
  2: '妈妈',
  3: '爷爷',
  4: '奶奶',
  5: '外公',
  6: '外婆',
} as const);

// Login and school code
export const AGREEMENT_REQUIRED = '请先阅读并同意《服务条款》和《隐私政策》';
export const ACCOUNT_REQUIRED = '账号不能为空';
export const PASSWORD_REQUIRED = '密码不能为空';
export const TERMS_OF_SERVICE = '服务条款';
export const PRIVACY_POLICY = '隐私政策';
export const SCHOOL_CODE_REQUIRED = '请输入识别码';
export const SCHOOL_CODE_INVALID = '识别码无效';
export const USE_NATIVE_APP = '请使用小渔未来校园App';

// Profile and bio
export const BIO_PLACEHOLDER = '说点什么吧';
export const DEFAULT_BIO = '暂无简介';
/** Decided: the spec caps the bio at 30 characters without a message. */
export const BIO_TOO_LONG = '简介不能超过30个字';
export const EDIT_PROFILE = '编辑资料';
export const AVATAR_UPLOAD_FAILED = '头像上传失败';
export const AVATAR_UPLOAD_SUCCEEDED = '头像上传成功';
export const REUPLOAD = '重新上传';

// Security verification
export const SECURITY_METHOD_PASSWORD = '账户密码';
export const SECURITY_METHOD_SMS = '短信验证';
export const SECURITY_PASSWORD_REQUIRED = '请输入密码';
export const WRONG_PASSWORD = '密码错误';
export const BIND_PHONE_FIRST = '请先绑定手机号';
export const NEXT_STEP = '下一步';
/**
 * Decided: the school's backend has no password check (it answered 404 or 501,
 * docs/decided-calls.md); 账户密码 is no longer offered and 短信验证 is chosen.
 */
export const PASSWORD_CHECK_UNAVAILABLE = '暂不支持账户密码验证，请使用短信验证';

// Me page, settings and about
export const ABOUT_TITLE = '关于未来校园';
export const SETTINGS_TITLE = '设置与隐私';
/** Decided: the product name under the logo, as in 关于未来校园. */
export const PRODUCT_NAME = '未来校园';
export const APP_VERSION = '1.5.8';
export const CANCEL_ACCOUNT = '注销账号';
export const LOGOUT = '退出登录';
/** Decided: the spec only says "contact a support phone line, reply within 24 hours". */
export const accountCancellationText = (phone: string): string =>
  `如需注销账号，请联系客服电话${phone}，我们将在24小时内回复您。`;
/** Decided: label of the native-shell-only vibration switch. */
export const VIBRATION_REMINDER = '消息震动提醒';
/** Decided: 设置's group for the password and the phone (every user type), and the profile edit's. */
export const ACCOUNT_SECURITY = '账号与安全';
export const CHANGE_PASSWORD = '修改密码';
export const CHANGE_PHONE = '更换手机号';
/** Decided: 设置's switch that draws the app's text at 130%. */
export const LARGE_TEXT = '大字模式';
export const LARGE_TEXT_HINT = '放大全部文字，适合看不清小字时使用';
