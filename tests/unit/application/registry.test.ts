import { describe, expect, it } from 'vitest';
import { createRegistry, token } from '../../../application/ports/token';

/** The container the composition root fills (application/ports/token.ts). */
describe('the typed registry', () => {
  const NAME = token<string>('test.registry.name');
  const COUNT = token<number>('test.registry.count');

  it('gives back the value bound to a token, the same object each time', () => {
    const registry = createRegistry();
    const api = { call: () => 1 };
    const API = token<typeof api>('test.registry.api');
    registry.bind(API, api);
    registry.bind(NAME, 'campus');
    expect(registry.get(API)).toBe(api);
    expect(registry.get(API)).toBe(registry.get(API));
    expect(registry.get(NAME)).toBe('campus');
  });

  it('a token is the same wherever it is made (Symbol.for)', () => {
    const registry = createRegistry();
    registry.bind(COUNT, 3);
    expect(registry.get(token<number>('test.registry.count'))).toBe(3);
  });

  it.each([
    ['0', 0],
    ['empty string', ''],
    ['false', false],
    ['null', null],
  ])('keeps a falsy value (%s) as bound', (_name, value) => {
    const registry = createRegistry();
    const T = token<typeof value>('test.registry.falsy');
    registry.bind(T, value);
    expect(registry.has(T)).toBe(true);
    expect(registry.get(T)).toBe(value);
  });

  it('says what is bound', () => {
    const registry = createRegistry();
    expect(registry.has(NAME)).toBe(false);
    registry.bind(NAME, 'x');
    expect(registry.has(NAME)).toBe(true);
    expect(registry.has(COUNT)).toBe(false);
  });

  it('reading a token nothing is bound to is a wiring mistake that names the token', () => {
    expect(() => createRegistry().get(NAME)).toThrow('Nothing is bound to test.registry.name');
  });

  it('binding a token twice is a wiring mistake that names the token', () => {
    const registry = createRegistry();
    registry.bind(COUNT, 1);
    expect(() => registry.bind(COUNT, 2)).toThrow('test.registry.count is bound twice');
    expect(registry.get(COUNT)).toBe(1);
  });
});
