/** Reads a port from the container (by the DI token next to the port). */
export type Resolve = <T>(token: symbol) => T;

/**
 * Asks ahead the data of a route opened with `search` (AppRoute.ahead in
 * presentation/routes.tsx); a route's ahead module exports one as `askAhead`.
 */
export type AskAhead = (get: Resolve, search: string) => void;
