/**
 * Presentation-only strings of the account screens (profiles, binding, security,
 * password, phone, profile edit). The spec's own strings (编辑资料, 确认绑定, 项目均为必填项,
 * 账户密码, 短信验证, 下一步, 确认修改, 安全验证, 修改手机号, 说点什么吧, 重新上传, …) live in
 * domain/account/messages.ts; these name what the spec leaves unnamed on screen.
 */
export const PERSON_INFO_TITLE = '个人信息';
export const BASIC_INFO = '基本信息';
export const FAMILY_MEMBERS = '家庭成员';
export const NO_FAMILY = '暂无家庭成员信息';
export const EMPTY_VALUE = '-';
export const LABEL_NAME = '姓名';
export const LABEL_SEX = '性别';
export const LABEL_STUDENT_NUMBER = '学号';
export const LABEL_STAFF_NUMBER = '工号';
export const LABEL_ORGANISATION = '所属组织';
export const LABEL_MAJOR = '专业';
export const LABEL_CLASS = '班级';
export const LABEL_PHONE = '手机号';
export const LABEL_EMAIL = '邮箱';
export const LABEL_ENROLLMENT = '入学日期';
export const LABEL_POSITION = '职位';
export const LABEL_JOINED = '入职日期';
export const LABEL_BIO = '个人简介';
export const revealLabel = (what: string): string => `查看${what}`;
export const hideLabel = (what: string): string => `隐藏${what}`;
export const MY_BOUND_STUDENTS = '绑定学生';

// Student binding
export const BIND_STUDENT_TITLE = '绑定学生';
export const LABEL_CAMPUS = '所在校区';
export const LABEL_STUDENT_NAME = '学生姓名';
export const LABEL_ID_CARD = '身份证号';
export const LABEL_RELATION = '与学生关系';
export const PICK_CAMPUS = '请选择校区';
export const ENTER_STUDENT_NAME = '请输入学生姓名';
export const ENTER_ID_CARD = '请输入学生身份证号';
export const PICK_RELATION = '请选择关系';
export const BIND_INTRO = '请填写学生的真实信息，绑定后可查看学生的相关信息';

// Security verification
export const SECURITY_INTRO = '为保障您的账号安全，请先完成身份验证';
export const CHOOSE_METHOD = '验证方式';
export const PASSWORD_PLACEHOLDER = '请输入登录密码';
export const smsTarget = (phone: string): string => `验证码将发送至 ${phone}`;
export const codeSentTo = (phone: string): string => `验证码已发送至 ${phone}`;
export const CODE_LABEL = '验证码';
export const RESEND = '重新发送';
export const resendIn = (countdown: string): string => `${countdown} 后可重新发送`;

// Change password
export const EDIT_PASSWORD_TITLE = '修改密码';
export const LABEL_OLD_PASSWORD = '原密码';
export const LABEL_NEW_PASSWORD = '新密码';
export const LABEL_CONFIRM_PASSWORD = '确认密码';
export const CONFIRM_PASSWORD_PLACEHOLDER = '请再次输入新密码';

// Change phone
export const PHONE_STEPS = Object.freeze(['当前手机号', '新手机号', '输入验证码'] as const);
export const CURRENT_PHONE_LABEL = '当前绑定的手机号';
export const NEW_PHONE_PLACEHOLDER = '请输入新手机号';
export const NEW_PHONE_HINT = '更换后，请使用新手机号接收验证码';

// Profile edit
export const LABEL_AVATAR = '头像';
export const CHANGE_AVATAR = '更换头像';
export const SAVE = '保存';
export const CROP_TITLE = '裁剪头像';
export const CROP_TOO_SMALL = '裁剪区域宽度不能小于100像素';
export const UPLOADING = '上传中…';
export const IMAGE_LOAD_FAILED = '图片读取失败，请重新选择';
