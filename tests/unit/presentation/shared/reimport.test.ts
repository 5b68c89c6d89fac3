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

  it('calls share one import: once it is in, the next call has the module without importing again', async () => {
    const importer = vi.fn(() => Promise.resolve({ c: 3 }));
    const get = reimportable(importer, { origin: () => ORIGIN, load: vi.fn() });
    const [one, two] = [get(), get()];
    expect(one).toBe(two);
    await expect(one).resolves.toEqual({ c: 3 });
    await expect(get()).resolves.toEqual({ c: 3 });
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('a failed import is not shared: the next call tries again', async () => {
    const importer = vi.fn(offline);
    const load = vi.fn().mockResolvedValue({ d: 4 });
    const get = reimportable(importer, { origin: () => ORIGIN, load });
    const failing = get();
    expect(get()).toBe(failing);
    await expect(failing).rejects.toThrow('Failed to fetch');
    await expect(get()).resolves.toEqual({ d: 4 });
    await expect(get()).resolves.toEqual({ d: 4 });
    expect(load).toHaveBeenCalledTimes(1);
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
