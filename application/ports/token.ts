/**
 * A DI token that carries the type of what it stands for. The container is a typed
 * registry (createRegistry below): the composition root binds a value to each token, screens and
 * the screen-model helper read it back, and `useInjection(TODO_API)` is a TodoApi
 * without a cast. A mismatched read (`useInjection<TodoApi>(APPROVAL_API)`) does not
 * compile: the phantom member is invariant in T.
 */
declare const TOKEN_OF: unique symbol;

export type Token<T> = symbol & { readonly [TOKEN_OF]?: (value: T) => T };

/** `Symbol.for(name)`: the same token wherever it is made, typed as `T`. */
export const token = <T>(name: string): Token<T> => Symbol.for(name) as Token<T>;

/** What reads the registry: the value bound to a token, typed by the token. */
export interface Registry {
  get<T>(t: Token<T>): T;
  /** Whether a value is bound to the token (a part of the app the composition may leave out). */
  has(t: symbol): boolean;
}

/** The composition root's side of the registry: each token takes one value of its own type. */
export interface RegistryBuilder extends Registry {
  bind<T>(t: Token<T>, value: T): void;
}

/**
 * The dependency container: a typed registry of values the composition root builds itself
 * (no decorators, no classes to construct, no scopes). A token is bound once; reading a
 * token nothing is bound to is a wiring mistake and throws with the token's name.
 */
export function createRegistry(): RegistryBuilder {
  const values = new Map<symbol, unknown>();
  return {
    bind(t, value) {
      if (values.has(t)) throw new Error(`${t.description ?? String(t)} is bound twice`);
      values.set(t, value);
    },
    get<T>(t: Token<T>): T {
      if (!values.has(t)) throw new Error(`Nothing is bound to ${t.description ?? String(t)}`);
      return values.get(t) as T;
    },
    has: (t) => values.has(t),
  };
}
