import type { Registry, Token } from '../../application/ports/token';
import { createContext, useContext, useMemo, type ReactNode } from 'react';

/**
 * The small React bridge to the container (application/ports/token.ts, the typed
 * registry the composition root fills). Screens ask for ports and use cases by token;
 * only the composition root knows which adapters stand behind them.
 */
const ContainerContext = createContext<Registry | null>(null);

export function DiProvider({ container, children }: { container: Registry; children: ReactNode }) {
  return <ContainerContext.Provider value={container}>{children}</ContainerContext.Provider>;
}

export function useContainer(): Registry {
  const c = useContext(ContainerContext);
  if (!c) throw new Error('DiProvider is missing above this component');
  return c;
}

/** The value bound to `token`, typed by the token (application/ports/token.ts). */
export function useInjection<T>(token: Token<T>): T {
  const c = useContainer();
  return useMemo(() => c.get<T>(token), [c, token]);
}
