import { useUnit } from 'effector-react';
import { appOpenerScreen } from '../../../application/apps/openerModel';
import type { OpenableApp } from '../../../application/apps/useCases';
import { useScreenModel } from '../screenModel';

/** Opens an app by the shared rule (application/apps/openerModel.ts). */
export function useOpenApp(): (app: OpenableApp) => void {
  return useUnit(useScreenModel(appOpenerScreen, undefined).appOpened);
}

/** Opens a web address as a web-link app would (carousel jump addresses). */
export function useOpenWebAddress(): (url: string, title: string) => void {
  const opened = useUnit(useScreenModel(appOpenerScreen, undefined).webAddressOpened);
  return (url, title) => opened({ url, title });
}
