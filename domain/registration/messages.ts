/**
 * Every string the registration screens show, word for word from SPEC.md where it gives one.
 * Strings the spec leaves open are marked "decided".
 */

// Verifier (userType 1)
export const VERIFY_PASS = '核验通过';
/** Full-width parentheses, a space either side of the slash. */
export const progressTitle = (done: number, total: number): string => `事项办理情况（${done} / ${total}）`;
export const REFRESH_STATUS = '刷新状态';
export const VERIFY_SUCCESS = '核验成功';

// Student (userType 2)
export const MY_QR_CODE = '我的二维码';
export const NEXT_STEP_TITLE = '下一步骤';
export const HANDLE_THIS_STEP_FIRST = '请先办理此步骤';
export const ALL_MATTERS_DONE = '恭喜，您的所有事项已办理完成';

// Anyone else (userType 0)
/** Decided: the spec says only "a waiting message". */
export const WAITING_FOR_HANDLING = '该事项等待办理中，请耐心等待';

export const OUTSIDE_REGISTRATION_PERIOD = '当前不在报到时间范围';
export const MUST_DO = '必办';
/** Decided. */
export const MATTER_HANDLED = '已办理';
/** Decided. */
export const MATTER_NOT_HANDLED = '未办理';
/** Decided: shown for a blocked matter (type 1) that carries no msg. */
export const MATTER_BLOCKED_FALLBACK = '暂不可办理';
/** Decided: matter type 2. */
export const MATTER_UNAVAILABLE = '当前事项无法办理';

// Matter detail (checkFee) and remark form (selectTypeRemarks)
export const NO_MATTER_CONTENT = '无事项内容';
export const SELECT_ITEMS = '请选择项目';
export const SELECT_TYPE = '请选择类型';
export const FILL_REMARK = '请填写备注';
/** Decided: the spec gives the 500 maximum without a message. */
export const REMARK_TOO_LONG = '备注不能超过500个字';

// QR code (the renderer's own wording)
export const QR_NO_INPUT = 'No input text';
export const QR_TOO_BIG = 'The amount of data is too big to be stored in a QR Code';

// Student info
export const SEX_MALE = '男';
export const SEX_FEMALE = '女';

// Scanner page
/** Decided: the manual entry's prompt when the query gives no modalContent. */
export const DEFAULT_MODAL_CONTENT = '请输入内容';
/** Decided: a picture from the album without a code in it. */
export const NO_CODE_IN_IMAGE = '未识别到二维码';

/**
 * The scanner page's texts for the teacher's student-report entry (SPEC point 2
 * "scanner": "find a student by student number or ID number"). Decided wording.
 */
export const TEACHER_SCANNER_TITLE = '查找学生';
export const TEACHER_SCANNER_CONTENT = '请输入学号或身份证号';
