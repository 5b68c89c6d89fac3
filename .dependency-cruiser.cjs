/**
 * The layer rule (ARCHITECTURE.md): dependencies point inwards only.
 *   presentation -> application -> domain
 *   infrastructure -> application ports + domain
 *   composition (the one composition root) -> anything
 * No import cycles anywhere.
 * Inside presentation/, page contexts use the capability contexts, never one another.
 * Type-only imports count (tsPreCompilationDeps), so a type leaking the wrong way fails too.
 * scripts/lint-selftest.mjs plants a violation of every rule and shows the lint failing.
 */
const layer = (name) => `^${name}/`;

/**
 * Bounded contexts by role (ARCHITECTURE.md "Screens"). A page context owns screens and
 * routes; a capability context is what any page may use. session (login, SSO, the gate)
 * and shell (about, settings, web view, frames) are page contexts too: they own routes
 * and nothing outside them imports them except the top-level files.
 */
const PAGE_CONTEXTS = ['approval', 'todo', 'registration', 'account', 'portal', 'messages', 'search', 'apps', 'session', 'shell'];
const CAPABILITY_CONTEXTS = ['forms', 'files', 'selectors', 'flowchart', 'offline', 'shared'];
/**
 * In application/ three more folders are capabilities: ports/ (the cross-cutting port
 * interfaces and DI tokens), session/ (the session model every screen reads) and shell/
 * (the link policy's opener and the native shell bridge). Their pages are presentation's.
 */
const APPLICATION_CAPABILITIES = [...CAPABILITY_CONTEXTS, 'ports', 'session', 'shell'];
const oneOf = (names) => `(${names.join('|')})`;

/** The context rules of one layer (presentation/ and application/). */
const contextRules = (name, capabilities = CAPABILITY_CONTEXTS, pages = PAGE_CONTEXTS.filter((p) => !capabilities.includes(p))) => [
  {
    name: `${name}-pages-apart`,
    comment: `A page context of ${name}/ never imports another page context: what two pages share goes to a capability context (${name}/shared/ at least) or comes in through the route table.`,
    severity: 'error',
    from: { path: `^${name}/${oneOf(pages)}/` },
    to: { path: `^${name}/${oneOf(pages)}/`, pathNot: `^${name}/$1/` },
  },
  {
    name: `${name}-capabilities-below-pages`,
    comment: `A capability context of ${name}/ (${capabilities.join(', ')}) never imports a page context.`,
    severity: 'error',
    from: { path: `^${name}/${oneOf(capabilities)}/` },
    to: { path: `^${name}/${oneOf(pages)}/` },
  },
  {
    name: `${name}-top-level-on-top`,
    comment: `Only the top-level files of ${name}/ (the route table, App, MainRoute, ...) may import any context; no context imports them back.`,
    severity: 'error',
    from: { path: `^${name}/[^/]+/` },
    to: { path: `^${name}/[^/]+$` },
  },
  {
    name: `${name}-contexts-known`,
    comment: `Every folder of ${name}/ is a page or a capability context listed in .dependency-cruiser.cjs, so the two rules above cover it.`,
    severity: 'error',
    from: { path: `^${name}/[^/]+/`, pathNot: `^${name}/${oneOf([...pages, ...capabilities])}/` },
    to: {},
  },
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No module reaches itself through its imports (type-only ones included): break a cycle by moving what both sides need into a third module, or by passing it in.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...contextRules('presentation'),
    ...contextRules('application', APPLICATION_CAPABILITIES),
    {
      name: 'domain-is-pure',
      comment: 'domain/ imports nothing outside domain/ except dayjs and zod.',
      severity: 'error',
      from: { path: layer('domain') },
      to: {
        pathNot: [layer('domain'), '^node_modules/(dayjs|zod)/'],
      },
    },
    {
      name: 'application-inwards-only',
      comment: 'application/ imports domain/, effector and dayjs only.',
      severity: 'error',
      from: { path: layer('application') },
      to: {
        pathNot: [layer('application'), layer('domain'), '^node_modules/(effector|dayjs)/'],
      },
    },
    {
      name: 'infrastructure-speaks-ports',
      comment: 'infrastructure/ sees only the application ports (application/**/ports*), never use cases or screens.',
      severity: 'error',
      from: { path: layer('infrastructure') },
      to: {
        path: [layer('application'), layer('presentation'), layer('composition'), layer('sandbox')],
        pathNot: ['^application/ports', '^application/[^/]+/ports'],
      },
    },
    {
      name: 'presentation-never-infrastructure',
      comment: 'presentation/ gets adapters through DI only.',
      severity: 'error',
      from: { path: layer('presentation') },
      to: { path: [layer('infrastructure'), layer('composition'), layer('sandbox')] },
    },
    {
      name: 'sandbox-is-not-the-product',
      comment: 'The sandbox backend honours the contract on its own; it may not lean on the client.',
      severity: 'error',
      from: { path: layer('sandbox') },
      to: { path: [layer('application'), layer('infrastructure'), layer('presentation'), layer('composition')] },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    exclude: { path: ['\\.data/'] },
  },
};
