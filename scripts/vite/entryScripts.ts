import { relative, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';

/**
 * How the page's scripts start (speed on a slow network; bench/notes.md, ninth session).
 *
 * 1. The early script (EARLY_ENTRY, composition/early.ts) is a second entry of the build,
 *    loaded from index.html before the main script: a module graph of its own, so it runs
 *    as soon as it and the route table are in, without waiting for the main code.
 * 2. No entry facades. The codeSplitting groups of vite.config.ts move each entry's
 *    modules into a group chunk, and rolldown then emits the entry as a one-line file,
 *    `import{t as e}from"./main-x.js";e();`, which the page must fetch before the chunk
 *    that does the work. Here the call moves to the end of that chunk (as an import of
 *    itself, which ES modules allow), and index.html loads the chunk directly: one request
 *    fewer per entry. Over HTTP/1.1 a phone opens six connections to a host; each request
 *    past six in the page's first wave waits for one (home on Lighthouse's slow 4G, one
 *    empty script more: the largest paint 2.88 -> 3.04 s).
 *
 * The facade files stay in the build, unused, so the build manifest still names the
 * entries (bench/bundle.ts reads it). A facade of another shape is left as it is.
 */
export const EARLY_ENTRY = 'composition/early.ts';

const FACADE = /^\s*import\s*\{\s*([\w$]+)\s+as\s+([\w$]+)\s*\}\s*from\s*"\.\/([^"/]+\.js)"\s*;\s*\2\(\)\s*;?\s*$/;

/** The chunk a one-call entry facade runs and the export it calls, or null for any other code. */
export function facadeTarget(code: string): { file: string; exported: string } | null {
  const m = FACADE.exec(code);
  return m ? { file: m[3] as string, exported: m[1] as string } : null;
}

/** What the chunk of `file` ends with to run as its facade did: an import of itself and the call. */
export const selfStart = (file: string, exported: string): string => `\nimport{${exported} as __entryStart}from"./${file}";__entryStart();\n`;

/** index.html loading `to` (a chunk in the same folder) where it loaded `from`, with no second preload of `to`. */
export function retarget(html: string, from: string, to: string): string {
  const script = `src="./${from}"`;
  if (!html.includes(script)) return html;
  return html
    .replace(script, `src="./${to}"`)
    .replace(new RegExp(`\\s*<link rel="modulepreload" crossorigin href="\\./${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}">`), '');
}

/** A module id as a path from the project's root with forward slashes ('composition/early.ts'). */
export const projectPath = (root: string, id: string): string => relative(root, id.replace(/^\0/, '')).split(sep).join('/');

export function entryScripts(): Plugin {
  let root = process.cwd();
  /** Facade file -> the chunk file it ran, both under the output folder. */
  const collapsed = new Map<string, string>();
  return {
    name: 'campus:entry-scripts',
    config(config) {
      const base = config.root ?? process.cwd();
      return { build: { rolldownOptions: { input: { index: resolve(base, 'index.html'), early: resolve(base, EARLY_ENTRY) } } } };
    },
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      collapsed.clear();
      for (const facade of Object.values(bundle)) {
        if (facade.type !== 'chunk' || !facade.isEntry) continue;
        const target = facadeTarget(facade.code);
        if (!target) continue;
        const dir = facade.fileName.slice(0, facade.fileName.lastIndexOf('/') + 1);
        const chunk = bundle[dir + target.file];
        if (!chunk || chunk.type !== 'chunk') continue;
        chunk.code += selfStart(target.file, target.exported);
        collapsed.set(facade.fileName, chunk.fileName);
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) {
          // vite dev: the early script by its source address, right before the main one (after
          // the React refresh preamble, which the route table's module expects).
          const at = html.indexOf('<script type="module" src="/composition/main.tsx"');
          return at < 0 ? html : `${html.slice(0, at)}<script type="module" src="/${EARLY_ENTRY}"></script>\n    ${html.slice(at)}`;
        }
        const early = Object.values(ctx.bundle).find((o) => o.type === 'chunk' && o.isEntry && o.facadeModuleId !== null && projectPath(root, o.facadeModuleId) === EARLY_ENTRY);
        if (!early || early.type !== 'chunk') throw new Error(`${EARLY_ENTRY} is not an entry of the build`);
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error('index.html has no module script');
        const preloads = early.imports.filter((f) => !html.includes(`href="./${f}"`)).map((f) => `<link rel="modulepreload" crossorigin href="./${f}">\n    `);
        let out = `${html.slice(0, at)}${preloads.join('')}<script type="module" crossorigin src="./${early.fileName}"></script>\n    ${html.slice(at)}`;
        for (const [from, to] of collapsed) out = retarget(out, from, to);
        return out;
      },
    },
  };
}
