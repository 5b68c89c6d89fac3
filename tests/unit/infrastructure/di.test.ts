import { Container, inject, injectable } from 'inversify';
import { expect, it } from 'vitest';

const A = Symbol('A');
@injectable()
class B {
  constructor(@inject(A) public readonly a: string) {}
}

it('inversify parameter decorators survive the build transformer', () => {
  const c = new Container();
  c.bind(A).toConstantValue('x');
  c.bind(B).toSelf();
  expect(c.get(B).a).toBe('x');
});
