/**
 * Presentation-only strings of the me tab. The spec gives 关于未来校园, 设置与隐私,
 * 解绑学生 / 此操作将解绑该学生！ (domain/account/messages.ts); these are the
 * decided rest.
 */
export const ME_TITLE = '我的';
export const MY_STUDENTS = '我的学生';
export const EDIT = '编辑';
export const DONE = '完成';
export const ADD_STUDENT = '添加';
export const ADD_STUDENT_LABEL = '添加绑定学生';
export const NO_BOUND_STUDENTS = '暂未绑定学生';
export const unbindLabel = (name: string): string => `解绑${name}`;
/** The me card's button: it opens the read-only profile page, so it says so. */
export const MY_PROFILE = '个人资料';
