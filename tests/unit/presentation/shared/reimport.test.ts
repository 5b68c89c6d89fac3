import { describe, expect, it, vi } from 'vitest';
import { failedModuleAddress, reimportable, retryAddress } from '../../../../presentation/shared/reimport';

const ORIGIN = 'https://campus.example.edu';
const CHUNK = `${ORIGIN}/app/assets/upload-8hl6X0uC.js`;

describe('the address a failed dynamic import names', () => {
  it.each([
    ['Chromium', new TypeError(`Failed to fetch dynamically imported module: ${CHUNK}`), CHUNK],
    ['Firefox', new TypeError(`error loading dynamically imported module: ${CHUNK}`), CHUNK],
    ['Safari (names none)', new TypeError('Importing a module script failed.'), null],
    ['another origin', new TypeError('Failed to fetch dynamically imported module: https://cdn.example.com/x.js'), null],
    ['not an address', new TypeError('Failed to fetch dynamically imported module: ???'), null],
    ['not an error', 42, null],
  ])('%s', (_browser, error, address) => {
    expect(failedModuleAddress(error, ORIGIN)).toBe(address);
  });

  it('a retry asks for the same file with a query the module map has not seen', () => {
    expect(retryAddress(CHUNK, 1)).toBe(`${CHUNK}?retry=1`);
    expect(retryAddress(`${CHUNK}?retry=1`, 2)).toBe(`${CHUNK}?retry=2`);
  });
});

describe('an import retried after a failed download', () => {
  const offline = () => Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${CHUNK}`));

  it('imports as usual while nothing failed', async () => {
    const load = vi.fn();
    const get = reimportable(() => Promise.resolve({ a: 1 }), { origin: () => ORIGIN, load });
    await expect(get()).resolves.toEqual({ a: 1 });
    await expect(get()).resolves.toEqual({ a: 1 });
    expect(load).not.toHaveBeenCalled();
  });

  it('after a failure, asks for the named file again through a fresh address each time', async () => {
    const importer = vi.fn(offline);
    const load = vi.fn().mockRejectedValueOnce(new TypeError('still offline')).mockResolvedValueOnce({ createUploader: 'x' });
    const get = reimportable(importer, { origin: () => ORIGIN, load });
    await expect(get()).rejects.toThrow('Failed to fetch');
    await expect(get()).rejects.toThrow('still offline');
    await expect(get()).resolves.toEqual({ createUploader: 'x' });
    expect(importer).toHaveBeenCalledTimes(1);
    expect(load.mock.calls.map((c) => c[0])).toEqual([`${CHUNK}?retry=1`, `${CHUNK}?retry=2`]);
  });

  it('where the error names no address, imports again the usual way', async () => {
    const importer = vi.fn().mockRejectedValueOnce(new TypeError('Importing a module script failed.')).mockResolvedValueOnce({ b: 2 });
    const load = vi.fn();
    const get = reimportable(importer, { origin: () => ORIGIN, load });
    await expect(get()).rejects.toThrow();
    await expect(get()).resolves.toEqual({ b: 2 });
    expect(load).not.toHaveBeenCalled();
  });
});
