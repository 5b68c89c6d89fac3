/**
 * Rewrites `import { Button, Toast } from 'antd-mobile'` in our sources into one import
 * per component module (`antd-mobile/es/components/button`, ...), the job of
 * babel-plugin-import and @rolldown/plugin-transform-imports (which needs Node 22).
 *
 * Why: antd-mobile declares its barrel `es/index.js` side-effectful (it imports the global
 * CSS), so a chunk group that captures the app's start-up modules (vite.config.ts, the
 * `$initial` group) would capture every component the barrel names, used or not. With
 * the imports rewritten, the barrel is never loaded; the global styles it carried are
 * imported once by the entry (`antd-mobile/es/global`).
 *
 * The map of names is read from the installed barrel itself, so a new antd-mobile
 * version brings its own. A name the map does not know is left on the barrel import.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

export const PACKAGE = 'antd-mobile';

interface Target {
  /** Module under the package, e.g. 'es/components/button'. */
  readonly path: string;
  /** The export of that module: 'default' or a named export. */
  readonly imported: string;
}

/** Export name -> its module, from the barrel's `export { a as B, c } from './x'` lines. */
export function readBarrel(source: string): Map<string, Target> {
  const map = new Map<string, Target>();
  const line = /export\s*\{([^}]*)\}\s*from\s*['"]\.\/([^'"]+)['"]/g;
  for (const [, names, from] of source.matchAll(line)) {
    for (const spec of (names as string).split(',')) {
      const m = /^\s*([\w$]+)(?:\s+as\s+([\w$]+))?\s*$/.exec(spec);
      if (!m) continue;
      const imported = m[1] as string;
      map.set(m[2] ?? imported, { path: `es/${from as string}`, imported });
    }
  }
  return map;
}

/**
 * The rewritten code, or null when nothing changed. Only plain named imports are
 * rewritten; the code has been through the TypeScript transform, so no type imports remain.
 */
export function rewriteImports(code: string, map: ReadonlyMap<string, Target>): string | null {
  const statement = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*(['"])${PACKAGE}\\2;?`, 'g');
  let changed = false;
  const out = code.replace(statement, (whole, names: string) => {
    const lines: string[] = [];
    const rest: string[] = [];
    for (const spec of names.split(',')) {
      const s = spec.trim();
      if (!s) continue;
      const m = /^([\w$]+)(?:\s+as\s+([\w$]+))?$/.exec(s);
      const target = m ? map.get(m[1] as string) : undefined;
      if (!m || !target) {
        rest.push(s);
        continue;
      }
      const local = m[2] ?? (m[1] as string);
      const from = `${PACKAGE}/${target.path}`;
      lines.push(target.imported === 'default' ? `import ${local} from '${from}';` : `import { ${target.imported} as ${local} } from '${from}';`);
    }
    if (lines.length === 0) return whole;
    changed = true;
    if (rest.length > 0) lines.push(`import { ${rest.join(', ')} } from '${PACKAGE}';`);
    return lines.join(' ');
  });
  return changed ? out : null;
}

export function antdMobileImports(): Plugin {
  let map: Map<string, Target> | null = null;
  const barrel = (): Map<string, Target> => {
    if (!map) {
      const require = createRequire(import.meta.url);
      const root = dirname(require.resolve(`${PACKAGE}/package.json`));
      map = readBarrel(readFileSync(join(root, 'es/index.js'), 'utf8'));
    }
    return map;
  };
  return {
    name: 'campus:antd-mobile-imports',
    transform: {
      filter: { id: { exclude: /node_modules/ }, code: PACKAGE },
      handler(code) {
        const out = rewriteImports(code, barrel());
        return out === null ? null : { code: out, map: null };
      },
    },
  };
}
