/**
 * Presentation-only strings of the registration screens and the scanner page. The
 * spec's own strings (核验通过, 刷新状态, 我的二维码, 下一步骤, 必办, 无事项内容, …) live in
 * domain/registration/messages.ts; these name what the spec leaves unnamed on screen.
 */
export const REPORT_TITLE = '迎新报到';
export const CHECK_FEE_TITLE = '事项详情';
export const REMARKS_TITLE = '事项核验';
export const SCANNER_TITLE = '扫一扫';

// Verifier
export const STUDENT_SEARCH_PLACEHOLDER = '请输入学号或身份证号';
export const STUDENT_SEARCH_HINT = '输入学号、身份证号或扫描学生的报到二维码，查看并核验报到事项';
export const SCAN_STUDENT = '扫码查找学生';
export const CURRENT_MATTER = '当前事项';
export const NO_CURRENT_MATTER = '该学生暂无可核验的事项';
export const NO_REGISTRATION = '暂无报到信息';
export const STUDENT_NUMBER = '学号';
export const BATCH = '报到批次';

// Student
export const MY_PROGRESS = '我的报到';
export const SHOW_QR_HINT = '报到时向工作人员出示二维码';
export const QR_PAGE_HINT = '报到时请向工作人员出示此二维码';
export const QR_ALT = '报到二维码';

// Matter detail and remark form
export const MATTER_CONTENT = '事项说明';
export const MATTER_STATE = '办理状态';
export const CHOSEN_CONTENT = '办理内容';
export const HANDLED_BY = '办理人';
export const DONE_TIME = '办理时间';
export const LABEL_ITEMS = '办理项目';
export const LABEL_TYPE = '办理类型';
export const LABEL_REMARK = '备注';
export const REMARK_PLACEHOLDER = '请输入备注';
export const REMARK_OPTIONAL = '（选填）';
export const VERIFY_FOR = (name: string): string => `核验学生：${name}`;

// Scanner
export const SCAN_HINT = '将二维码放入框内，即可自动扫描';
export const MANUAL_ENTRY = '手动输入';
export const CAMERA_STARTING = '正在打开摄像头…';
export const CAMERA_UNAVAILABLE = '无法使用摄像头，请手动输入';
export const ALBUM = '相册';
