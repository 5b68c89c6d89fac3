/** User-visible strings of the portal (home) context. */

/** SPEC point 2 "Home and me": empty portal. */
export const PORTAL_EMPTY = '未配置门户';
/** Decided wording of the hint the spec describes ("can be configured in the PC personal centre"). */
export const PORTAL_EMPTY_HINT = '可在PC端个人中心配置门户';

/** SPEC point 4 "Home and portal": OA approval tabs. */
export const OA_TAB_LABELS = Object.freeze({ '0': '待审批', '1': '待阅' } as const);

/** Decided wording: what the note widget says after a note is saved or deleted. */
export const NOTE_SAVED = '已保存';
export const NOTE_DELETED = '已删除';
