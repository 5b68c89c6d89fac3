export { LEAVE_FORM } from './leave';
export { PURCHASE_FORM } from './purchase';
export { SEAL_FORM } from './seal';
export { NOTICE_FORM } from './notice';
export { STUDENT_INFO_FORM } from './studentInfo';
export { VISITOR_FORM } from './visitor';
export { SHOWCASE_FORM } from './showcase';
export type { FormDefinition } from './schema';
