import type { CallPaths, UnnamedCall } from '../../application/ports/runtime';

/**
 * The paths of the calls the spec leaves unnamed (docs/decided-calls.md): the decided
 * defaults, which config.json's `calls` may replace one by one for a school's backend
 * that answers them elsewhere (docs/config.md). Only the path moves: method, body and
 * answer stay as decided.
 */
export const DEFAULT_CALL_PATHS: CallPaths = Object.freeze({
  todoCategories: '/v1/saas-system-service/api/todo-matter/category',
  securitySettings: '/v1/saas-system-service/api/user-info/security-setting',
  checkPassword: '/v1/saas-system-service/api/user-info/check-password',
  boundStudents: '/v1/saas-home-school-service/api/student-parent-binding/bind-student-list',
  unbindStudent: '/v1/saas-home-school-service/api/student-parent-binding/{id}',
  newDocument: '/v1/file-service/api/stored-file/new-files',
  flowChartByApp: '/v1/less-code-service/api/flow-run/flow-html-by-appid',
  flowChartByCode: '/v1/less-code-service/api/flow-run/flow-html',
});

export const CALL_NAMES = Object.freeze(Object.keys(DEFAULT_CALL_PATHS)) as readonly UnnamedCall[];

/** The `{name}` parts a call's path must hold exactly once (and no other). */
const PLACEHOLDERS: Readonly<Partial<Record<UnnamedCall, readonly string[]>>> = Object.freeze({ unbindStudent: Object.freeze(['id']) });

/**
 * A path on the service host: one leading '/' and something after it, no second '/' right
 * after it (that would read as another host), no query, fragment, blank or backslash; the
 * call's placeholders each once.
 */
const PATH = /^\/(?![/\\])[A-Za-z0-9._~!$&'()*+,;=:@%/{}-]+$/;

/** The path, trimmed, when `call` may be answered there; undefined otherwise. */
export function checkCallPath(call: UnnamedCall, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const path = value.trim();
  if (!PATH.test(path)) return undefined;
  let rest = path;
  for (const name of PLACEHOLDERS[call] ?? []) {
    const parts = rest.split(`{${name}}`);
    if (parts.length !== 2) return undefined;
    rest = parts.join('');
  }
  return /[{}]/.test(rest) ? undefined : path;
}

/** A call's path with its placeholders filled, each value URL-encoded: `callPath('/a/{id}', { id: 'x/y' })` is '/a/x%2Fy'. */
export const callPath = (template: string, values: Readonly<Record<string, string>> = {}): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? encodeURIComponent(values[name]!) : whole));
