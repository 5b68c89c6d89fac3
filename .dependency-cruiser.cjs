/**
 * The layer rule (ARCHITECTURE.md): dependencies point inwards only.
 *   presentation -> application -> domain
 *   infrastructure -> application ports + domain
 *   composition (the one composition root) -> anything
 * Type-only imports count (tsPreCompilationDeps), so a type leaking the wrong way fails too.
 */
const layer = (name) => `^${name}/`;

module.exports = {
  forbidden: [
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
      comment: 'application/ imports domain/, effector and inversify (decorators) only.',
      severity: 'error',
      from: { path: layer('application') },
      to: {
        pathNot: [layer('application'), layer('domain'), '^node_modules/(effector|inversify|dayjs)/'],
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
