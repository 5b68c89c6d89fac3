/**
 * A DI token that carries the type of what it stands for. The container is a typed
 * registry: the composition root binds a value to each token (bindValue), screens and
 * the screen-model helper read it back, and `useInjection(TODO_API)` is a TodoApi
 * without a cast. A mismatched read (`useInjection<TodoApi>(APPROVAL_API)`) does not
 * compile: the phantom member is invariant in T.
 */
declare const TOKEN_OF: unique symbol;

export type Token<T> = symbol & { readonly [TOKEN_OF]?: (value: T) => T };

/** `Symbol.for(name)`: the same token wherever it is made, typed as `T`. */
export const token = <T>(name: string): Token<T> => Symbol.for(name) as Token<T>;
