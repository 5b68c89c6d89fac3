import type { Log } from '../../application/ports/logger';

/** The Logger port on the browser's console (warnings: nothing the user must act on). */
export const consoleLog: Log = (message, detail) => {
  console.warn(message, ...(detail === undefined ? [] : [detail]));
};
