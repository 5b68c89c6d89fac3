/** User-visible strings of the shell context (SPEC point 2 "Shell and initialisation"). */
export const ABOUT_REST_HINT = '眺望远方，休息一下';

/** Decided wording: 退出登录 asks this first (SPEC point 2 "Account and security"). */
export const LOGOUT_CONFIRM = '确定要退出登录吗？';
