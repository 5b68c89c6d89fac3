import { z } from 'zod';

/**
 * The one import of zod's runtime for the adapters' schemas (a test keeps it so).
 * jitless: zod compiles object parsers with `new Function` after probing whether eval
 * is allowed; under the production Content-Security-Policy (no 'unsafe-eval', see
 * docs/deploy.md) that probe is refused and reported as a violation on every start.
 * The interpreted parsers are what a strict policy gets anyway, so zod is told up front.
 * Importing z from here (not from 'zod') guarantees this runs before any schema is built.
 * package.json lists this file under "sideEffects": the module only re-exports zod, so
 * without that the bundler would read z straight from zod and drop this call.
 */
z.config({ jitless: true });

export { z };
