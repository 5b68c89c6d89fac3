import { useCallback } from 'react';
import type { ApprovalApi } from '../../../application/approval/ports';
import { APPROVAL_API } from '../../../application/approval/ports';
import type { AppsApi } from '../../../application/apps/ports';
import { APPS_API } from '../../../application/apps/ports';
import { openApp, openWebAddress, type OpenableApp } from '../../../application/apps/useCases';
import type { Navigator, Notifier } from '../../../application/ports/runtime';
import type { NativeShell } from '../../../application/ports/shell';
import { LINK_OPENER, NATIVE_SHELL, NAVIGATOR, NOTIFIER } from '../../../application/ports/tokens';
import type { LinkOpener } from '../../../application/shell/links';
import { useInjection } from '../di';

const warn = (message: string, error: unknown): void => console.warn(message, error);

/** Opens an app by the shared rule (application/apps/useCases.ts openApp). */
export function useOpenApp(): (app: OpenableApp) => void {
  const api = useInjection<AppsApi>(APPS_API);
  const approval = useInjection<ApprovalApi>(APPROVAL_API);
  const shell = useInjection<NativeShell>(NATIVE_SHELL);
  const navigator = useInjection<Navigator>(NAVIGATOR);
  const notifier = useInjection<Notifier>(NOTIFIER);
  const links = useInjection<LinkOpener>(LINK_OPENER);
  return useCallback(
    (app: OpenableApp) => {
      void openApp({ api, approval, shell, links, navigator, notifier, log: warn }, app);
    },
    [api, approval, shell, links, navigator, notifier],
  );
}

/** Opens a web address as a web-link app would (carousel jump addresses). */
export function useOpenWebAddress(): (url: string, title: string) => void {
  const links = useInjection<LinkOpener>(LINK_OPENER);
  return useCallback(
    (url: string, title: string) => {
      void openWebAddress({ links }, url, title);
    },
    [links],
  );
}
