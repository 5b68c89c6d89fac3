import type { ComponentType } from 'react';
import { reimportable } from './shared/reimport';

/**
 * A lazy page: its code downloads when the page first renders, or sooner when asked
 * (preloadRoute). One download either way; a failed one is forgotten, so the next
 * render or preload tries again.
 *
 * No React here (only its types): the route table that holds these loads before the
 * app's main code (composition/early.ts). pageComponent.ts makes the component.
 */
export interface LazyPage {
  /** Starts the download, or joins the one under way; answers the page as a module's default export. */
  readonly preload: () => Promise<{ default: ComponentType }>;
}

/** The page exported as `name` by the module `load` brings, as a LazyPage. */
export const lazyPage = <T,>(importer: () => Promise<T>, name: keyof T): LazyPage => {
  const load = reimportable(importer);
  let pending: Promise<{ default: ComponentType }> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (m) => ({ default: m[name] as unknown as ComponentType }),
      (e: unknown) => {
        pending = null;
        throw e;
      },
    ));
  return { preload };
};
