/** User-visible strings of the shell context (SPEC point 2 "Shell and initialisation"). */
export const ABOUT_REST_HINT = '眺望远方，休息一下';
