import { z } from 'zod/mini';

/**
 * The one import of zod's runtime for the adapters' schemas (a test keeps it so).
 * zod/mini rather than classic zod: its functions tree-shake, so a signed-in first
 * screen downloads and evaluates only the constructs the schemas use (about 7 KB gzip
 * instead of 26 KB for the classic method-chain API). Classic zod also installs two
 * defaults that mini leaves out, and they stay out: the memoizer (reference cycles
 * through recursive schemas; answers are JSON, which cannot share or cycle references)
 * and English issue messages (issues only travel as an ApiError's details, which no
 * screen shows; their codes and paths are the same).
 * jitless: zod compiles object parsers with `new Function` after probing whether eval
 * is allowed; under the production Content-Security-Policy (no 'unsafe-eval', see
 * docs/deploy.md) that probe is refused and reported as a violation on every start.
 * The interpreted parsers are what a strict policy gets anyway, so zod is told up front.
 * Importing z from here (not from 'zod/mini') guarantees this runs before any schema is built.
 * package.json lists this file under "sideEffects": the module only re-exports zod, so
 * without that the bundler would read z straight from zod and drop this call.
 */
z.config({ jitless: true });

export { z };

/*
 * Liberal readers: an answer is read whenever its meaning is unambiguous, so an older
 * service that sends numbers as numeric strings, or null for a list, does not fail a
 * screen. Anything else that does not fit stays a 'malformed' error.
 */

/** A number, or a string that is one ('12', ' 3.5 '). */
export const num = z.pipe(
  z.union([z.number(), z.string().check(z.regex(/^\s*[-+]?\d+(\.\d+)?\s*$/))]),
  z.transform((v: number | string) => (typeof v === 'number' ? v : Number(v))),
);

/** A number that may be absent or null. */
export const optNum = z.nullish(num);

/** Text that may be absent or null. */
export const optText = z.nullish(z.string());

/** A list; absent or null reads as empty. */
export const list = <T extends z.ZodMiniType>(item: T) =>
  z.pipe(
    z.nullish(z.array(item)),
    z.transform((v) => v ?? []),
  );

/** An id: text, or a number read as its text. */
export const idText = z.pipe(
  z.union([z.string(), z.number()]),
  z.transform((v: string | number) => String(v)),
);
