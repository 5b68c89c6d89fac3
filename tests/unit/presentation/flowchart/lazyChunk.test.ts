/**
 * The flow chart stays out of the initial load: cytoscape (and react-cytoscapejs, should
 * it come back) and presentation/flowchart must not be reachable through static imports from the
 * entry or from the login or home route, so the bundler can only put them in chunks
 * fetched with the first chart. Read from the sources (no build needed): the same graph
 * the bundler follows, `import type` left out (erased), `import()` not followed (a split
 * point). `npm run bench` checks the production build itself.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../../..');
const ENTRY = 'composition/main.tsx';
const ROUTES = ['presentation/session/LoginPage.tsx', 'presentation/portal/HomeTab.tsx'];
const FLOW_CHART = (spec: string): boolean =>
  spec === 'cytoscape' || spec.startsWith('cytoscape/') || spec === 'react-cytoscapejs' || spec.startsWith('presentation/flowchart/');

/** The specifiers a module imports statically for its runtime (type-only imports are erased). */
export function staticImports(source: string, fileName: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  for (const stmt of file.statements) {
    if (ts.isImportDeclaration(stmt) && ts.isStringLiteral(stmt.moduleSpecifier)) {
      const clause = stmt.importClause;
      const typeOnly =
        clause?.isTypeOnly === true ||
        (clause !== undefined &&
          clause.name === undefined &&
          clause.namedBindings !== undefined &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) out.push(stmt.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(stmt) && stmt.moduleSpecifier && ts.isStringLiteral(stmt.moduleSpecifier) && !stmt.isTypeOnly) {
      out.push(stmt.moduleSpecifier.text);
    }
  }
  return out;
}

/** A relative specifier as a repo path: a module (extension optional, or a folder's index) or an asset (`?url` and the like dropped). */
const resolveLocal = (from: string, spec: string): string | null => {
  const base = join(dirname(from), spec.replace(/\?.*$/, ''));
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx'), base]) {
    if (existsSync(join(ROOT, candidate)) && statSync(join(ROOT, candidate)).isFile()) return candidate;
  }
  return null;
};

/** Every module (repo-relative path) and package reached from `start` through static imports. */
export function staticClosure(start: string): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const path = queue.pop()!;
    if (seen.has(path)) continue;
    seen.add(path);
    if (!/\.tsx?$/.test(path)) continue;
    for (const spec of staticImports(readFileSync(join(ROOT, path), 'utf8'), path)) {
      if (spec.startsWith('.')) {
        const target = resolveLocal(path, spec);
        if (target === null) throw new Error(`${path}: cannot resolve ${spec}`);
        queue.push(relative(ROOT, join(ROOT, target)).split('\\').join('/'));
      } else {
        seen.add(spec);
      }
    }
  }
  return seen;
}

describe('the static import graph', () => {
  it('follows runtime imports and re-exports, not type-only imports', () => {
    const source = [
      "import a from './a';",
      "import { b } from './b';",
      "import type { C } from './c';",
      "import { type D } from './d';",
      "import './e.css';",
      "export { f } from './f';",
      "export type { G } from './g';",
      "const h = () => import('./h');",
    ].join('\n');
    expect(staticImports(source, 'x.ts')).toEqual(['./a', './b', './e.css', './f']);
  });

  it('sees the chart where it is imported statically, and stops at import()', () => {
    // The launch page shows the chart panel in a tab: the panel is in, the view (cytoscape) is lazy.
    const launch = staticClosure('presentation/approval/FlowLaunchPage.tsx');
    expect([...launch].filter(FLOW_CHART)).toContain('presentation/flowchart/FlowChartPanel.tsx');
    expect(launch.has('presentation/flowchart/FlowChartView.tsx')).toBe(false);
    expect(launch.has('cytoscape')).toBe(false);
    expect(staticClosure('presentation/flowchart/FlowChartView.tsx').has('cytoscape')).toBe(true);
  });
});

describe('the flow chart is not part of the initial load', () => {
  it.each([ENTRY, ...ROUTES])('nothing of the flow chart is statically reachable from %s', (start) => {
    const closure = staticClosure(start);
    // The walk did cover the app, not just the one file.
    expect(closure.size).toBeGreaterThan(start === ENTRY ? 20 : 5);
    expect([...closure].filter(FLOW_CHART)).toEqual([]);
  });
});
