import type { Route, SandboxRequest } from '../module';

/**
 * Matches `:param` segments and a trailing `*` (the rest of the path, kept raw so
 * object keys with slashes survive). When several routes match, the most specific
 * wins: a literal segment beats a parameter, a parameter beats the wildcard, so
 * `todo-matter/category` is never swallowed by `todo-matter/:id`.
 */
interface Compiled {
  route: Route;
  segments: string[];
  wildcard: boolean;
  score: number[];
}

export interface Match {
  route: Route;
  params: Record<string, string>;
}

function split(path: string): string[] {
  return path.split('/').filter((s) => s.length > 0);
}

function compile(route: Route): Compiled {
  const segments = split(route.path);
  const wildcard = segments[segments.length - 1] === '*';
  if (wildcard) segments.pop();
  const score = segments.map((s) => (s.startsWith(':') ? 1 : 2));
  return { route, segments, wildcard, score };
}

function compareScores(a: Compiled, b: Compiled): number {
  const n = Math.max(a.score.length, b.score.length);
  for (let i = 0; i < n; i++) {
    const d = (b.score[i] ?? 0) - (a.score[i] ?? 0);
    if (d !== 0) return d;
  }
  return Number(a.wildcard) - Number(b.wildcard);
}

export class Router {
  private compiled: Compiled[] = [];

  constructor(routes: Route[] = []) {
    this.set(routes);
  }

  set(routes: Route[]): void {
    this.compiled = routes.map(compile).sort(compareScores);
  }

  /** Finds the route for a method and path; `methodMismatch` tells 405 from 404. */
  match(method: SandboxRequest['method'] | string, path: string): { match?: Match; methodMismatch: boolean } {
    const parts = split(path);
    let methodMismatch = false;
    for (const c of this.compiled) {
      const params = matchSegments(c, parts);
      if (!params) continue;
      if (c.route.method !== method) {
        methodMismatch = true;
        continue;
      }
      return { match: { route: c.route, params }, methodMismatch: false };
    }
    return { methodMismatch };
  }
}

function matchSegments(c: Compiled, parts: string[]): Record<string, string> | null {
  if (c.wildcard ? parts.length <= c.segments.length : parts.length !== c.segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < c.segments.length; i++) {
    const seg = c.segments[i]!;
    const part = parts[i]!;
    if (seg.startsWith(':')) {
      let value: string;
      try {
        value = decodeURIComponent(part);
      } catch {
        return null;
      }
      params[seg.slice(1)] = value;
    } else if (seg.toLowerCase() !== part.toLowerCase()) {
      // ASP.NET routing is case-insensitive; so is the sandbox.
      return null;
    }
  }
  if (c.wildcard) params['*'] = parts.slice(c.segments.length).join('/');
  return params;
}
