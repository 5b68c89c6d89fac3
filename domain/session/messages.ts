/** User-visible strings of the session context, word for word from SPEC.md. */

/** SPEC point 8: a linked campus is not in the user's list. */
export const CAMPUS_NOT_FOUND = '该校区不存在';

/** SPEC point 1: user type labels. */
export const USER_TYPE_LABELS = Object.freeze({
  1: '教职工',
  2: '学生',
  3: '家长',
  4: '企业',
  5: '其他',
} as const);

/** Decided wording: the school-binding popup's title, which the scanner page opened from it shows too. */
export const BIND_SCHOOL_TITLE = '绑定学校';
