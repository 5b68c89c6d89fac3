/**
 * A dynamic import that one failed download does not break for good.
 *
 * Chromium (and Firefox) keep a failed module download in the page's module map:
 * importing the same address again fails at once, without asking the network. Code that
 * could not arrive while the phone was offline would then never arrive until a reload,
 * and an outbox entry that needs it (a file to upload) would never go.
 *
 * After a failure, the next call imports the address the error names with a query the
 * map has not seen (`?retry=n`): the same file, asked of the network again, its own
 * dependencies shared with the page. Where the error names no address (Safari), or the
 * address is not this app's, the next call simply imports again.
 */
const FAILED_ADDRESS = /(?:dynamically imported module|importing module|imported module):\s*(\S+)/i;

/** The address of the module a failed dynamic import names, if it names one of the page's origin. */
export function failedModuleAddress(error: unknown, origin: string): string | null {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const match = FAILED_ADDRESS.exec(message);
  if (!match?.[1]) return null;
  try {
    const url = new URL(match[1]);
    return url.origin === origin ? url.href : null;
  } catch {
    return null;
  }
}

/** `address` with `retry=n` in its query, in place of an earlier one. */
export function retryAddress(address: string, attempt: number): string {
  const url = new URL(address);
  url.searchParams.set('retry', String(attempt));
  return url.href;
}

type Import = (address: string) => Promise<unknown>;
const importAddress: Import = (address) => import(/* @vite-ignore */ address);

/**
 * `importer` (a `() => import('...')`), retried through a fresh address after a failure.
 * The module namespace either way.
 */
export function reimportable<T>(
  importer: () => Promise<T>,
  opts: { origin?: () => string; load?: Import } = {},
): () => Promise<T> {
  const origin = opts.origin ?? (() => (typeof location === 'undefined' ? '' : location.origin));
  const load = opts.load ?? importAddress;
  let failed: string | null = null;
  let attempts = 0;
  return async () => {
    const address = failed;
    try {
      if (address === null) return await importer();
      attempts += 1;
      return (await load(retryAddress(address, attempts))) as T;
    } catch (e) {
      failed = address ?? failedModuleAddress(e, origin());
      throw e;
    }
  };
}
