import { useCallback } from 'react';
import { NAVIGATOR } from '../../application/ports/tokens';
import { useInjection } from './di';

/**
 * Back as the back bar does it (SPEC point 2): the navigator's `leave` (composition
 * root): inside the app, one step back; on the first page opened, back to the native
 * shell; in a plain browser with nothing behind, to the home page.
 */
export function useBack(): () => void {
  const navigator = useInjection(NAVIGATOR);
  return useCallback(() => (navigator.leave ? navigator.leave() : navigator.back()), [navigator]);
}

/** Route state ({ title, ... }) of the entry on screen; null when there is none. */
export function routeStateTitle(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const title = (state as Record<string, unknown>).title;
  return typeof title === 'string' && title.trim() !== '' ? title.trim() : null;
}
