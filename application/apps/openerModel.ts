/**
 * Opening an app, and a web address as a web-link app opens it (the carousel's jump
 * address): one small model every grid, list and slide that opens things fires into
 * (the home grid, the launcher, global search, the carousel). The rule is the use
 * case's (./useCases.ts openApp); what the user is told comes through the notifier.
 * One per signed-in user: it holds nothing but its ports.
 */
import { createEffect, createEvent, sample } from 'effector';
import { FLOW_LOOKUP } from '../ports/flowLookup';
import { LOGGER } from '../ports/logger';
import { LINK_OPENER, NATIVE_SHELL, NAVIGATOR, NOTIFIER } from '../ports/tokens';
import { defineScreen } from '../shared/screens';
import { APPS_API } from './ports';
import { openApp, openWebAddress, type OpenableApp, type OpenAppDeps } from './useCases';

export function createAppOpenerModel(deps: Omit<OpenAppDeps, 'log'> & { readonly log?: OpenAppDeps['log'] }) {
  const appOpened = createEvent<OpenableApp>();
  const webAddressOpened = createEvent<{ url: string; title: string }>();

  const openAppFx = createEffect((app: OpenableApp) => openApp(deps, app));
  const openWebFx = createEffect(({ url, title }: { url: string; title: string }) => openWebAddress(deps, url, title));
  sample({ clock: appOpened, target: openAppFx });
  sample({ clock: webAddressOpened, target: openWebFx });

  return { appOpened, webAddressOpened, openAppFx };
}

export type AppOpenerModel = ReturnType<typeof createAppOpenerModel>;

export const appOpenerScreen = defineScreen({
  name: 'appOpener',
  lifetime: 'user',
  key: () => '',
  create: (get) =>
    createAppOpenerModel({
      api: get(APPS_API),
      approval: get(FLOW_LOOKUP),
      shell: get(NATIVE_SHELL),
      links: get(LINK_OPENER),
      navigator: get(NAVIGATOR),
      notifier: get(NOTIFIER),
      log: get(LOGGER),
    }),
});
