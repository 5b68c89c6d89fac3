import { useCallback } from 'react';
import { useLocation } from 'wouter';
import type { NativeShell } from '../../application/ports/shell';
import { NATIVE_SHELL } from '../../application/ports/tokens';
import { useInjection } from './di';
import { isFirstPage } from './history';

/**
 * Back as the back bar does it (SPEC point 2): inside the app, one step back; on the
 * first page opened, back to the native shell; in a plain browser with nothing behind,
 * to the home page (leaving the site would lose the app).
 */
export function useBack(): () => void {
  const shell = useInjection<NativeShell>(NATIVE_SHELL);
  const [, navigate] = useLocation();
  return useCallback(() => {
    if (!isFirstPage()) {
      window.history.back();
      return;
    }
    if (shell.isInShell()) shell.back();
    else navigate('/', { replace: true });
  }, [shell, navigate]);
}

/** Route state ({ title, ... }) of the entry on screen; null when there is none. */
export function routeStateTitle(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const title = (state as Record<string, unknown>).title;
  return typeof title === 'string' && title.trim() !== '' ? title.trim() : null;
}
