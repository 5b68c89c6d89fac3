/**
 * About (SPEC point 2): inside the native shell, the core version, and the taps on it
 * (more than 15 within 5 s say 眺望远方，休息一下; more than 25 send developer mode to
 * the shell; the domain decides when, and that each fires once).
 */
import { attach, createEffect, createEvent, createStore, sample } from 'effector';
import { INITIAL_TAPS, type TapState } from '../../domain/shell/coreVersionTaps';
import type { Clock, Notifier } from '../ports/runtime';
import type { NativeShell } from '../ports/shell';
import { CLOCK, NATIVE_SHELL, NOTIFIER } from '../ports/tokens';
import { defineScreen } from '../shared/screens';
import { tapCoreVersion } from './useCases';

export interface AboutDeps {
  readonly shell: Pick<NativeShell, 'isInShell' | 'coreVersion' | 'developerMode'>;
  readonly notifier: Pick<Notifier, 'info'>;
  readonly clock: Clock;
}

export function createAboutModel(deps: AboutDeps) {
  const opened = createEvent();
  const coreVersionTapped = createEvent();

  /** The core version row shows only inside the shell. */
  const $inShell = createStore(deps.shell.isInShell(), { serialize: 'ignore' });
  const $coreVersion = createStore<string | null>(null, { serialize: 'ignore' });
  const $taps = createStore<TapState>(INITIAL_TAPS, { serialize: 'ignore' });

  const coreVersionFx = createEffect(() => (deps.shell.isInShell() ? deps.shell.coreVersion() : Promise.resolve(null)));
  $coreVersion.on(coreVersionFx.doneData, (_, v) => v);
  sample({ clock: opened, target: coreVersionFx });

  const tapFx = attach({
    source: $taps,
    effect: createEffect((taps: TapState) => tapCoreVersion({ shell: deps.shell, notifier: deps.notifier }, taps, deps.clock.now())),
  });
  $taps.on(tapFx.doneData, (_, taps) => taps);
  sample({ clock: coreVersionTapped, target: tapFx });

  return { $inShell, $coreVersion, opened, coreVersionTapped };
}

export type AboutModel = ReturnType<typeof createAboutModel>;

export const aboutScreen = defineScreen({
  name: 'about',
  lifetime: 'screen',
  key: () => '',
  create: (get) => createAboutModel({ shell: get(NATIVE_SHELL), notifier: get(NOTIFIER), clock: get(CLOCK) }),
});
