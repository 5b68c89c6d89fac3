import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { reimportable } from './shared/reimport';

/**
 * A lazy page that can also be asked to start downloading before it renders
 * (preloadRoute). One download either way; a failed one is forgotten, so the next
 * render or preload tries again.
 */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/** The page exported as `name` by the module `load` brings, as a LazyPage. */
export const lazyPage = <T,>(importer: () => Promise<T>, name: keyof T): LazyPage => {
  const load = reimportable(importer);
  let pending: Promise<{ default: ComponentType }> | null = null;
  const get = () =>
    (pending ??= load().then(
      (m) => ({ default: m[name] as unknown as ComponentType }),
      (e: unknown) => {
        pending = null;
        throw e;
      },
    ));
  return Object.assign(lazy(get), { preload: get });
};
