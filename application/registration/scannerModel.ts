/**
 * The scanner page's model (SPEC point 2 "scanner", point 6), used outside the native
 * shell: the camera's state, the manual entry (titled by the query's modalTitle, asking
 * for modalContent), a picture from the album, and where a result goes: the query's
 * redirect (an in-app path) with ?code=<text>, or back without one. The camera and the
 * decoder are the page's (they live in the DOM); it reports what they see here.
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import { DEFAULT_MODAL_CONTENT, NO_CODE_IN_IMAGE } from '../../domain/registration/messages';
import type { Navigator, Notifier } from '../ports/runtime';
import { NAVIGATOR, NOTIFIER } from '../ports/tokens';
import { leavingNavigator } from '../shared/navigation';
import { defineScreen } from '../shared/screens';
import { scannerQueryOf, scannerResultPath, type ScannerQuery } from './routes';

export type CameraState = 'starting' | 'scanning' | 'unavailable';

export interface ScannerModelDeps {
  readonly navigator: Pick<Required<Navigator>, 'go' | 'leave'>;
  readonly notifier: Pick<Notifier, 'info'>;
}

export function createScannerModel(deps: ScannerModelDeps, query: ScannerQuery) {
  const prompt = query.modalContent || DEFAULT_MODAL_CONTENT;

  const cameraStarted = createEvent();
  const cameraUnavailable = createEvent();
  /** A code the camera or a picture gave. */
  const codeRead = createEvent<string>();
  const imageUnreadable = createEvent();
  const manualOpened = createEvent();
  const manualClosed = createEvent();
  const manualTextChanged = createEvent<string>();
  const manualConfirmed = createEvent();

  const $camera = createStore<CameraState>('starting', { serialize: 'ignore' })
    .on(cameraStarted, () => 'scanning')
    .on(cameraUnavailable, () => 'unavailable');
  const $manualText = createStore('', { serialize: 'ignore' }).on(manualTextChanged, (_, text) => text);
  // Without a camera there is nothing to point at a code: the manual entry is the way on.
  const $manualOpen = createStore(false, { serialize: 'ignore' })
    .on([manualOpened, cameraUnavailable], () => true)
    .on(manualClosed, () => false);
  /** A result was taken: the page stops the camera, later reads are ignored. */
  const $done = createStore(false, { serialize: 'ignore' });

  const result = sample({
    clock: codeRead,
    source: $done,
    filter: (done, text) => !done && text.trim() !== '',
    fn: (_, text) => text.trim(),
  });
  $done.on(result, () => true);
  sample({
    clock: result,
    target: createEffect((text: string) => {
      if (query.redirect !== null) deps.navigator.go(scannerResultPath(query.redirect, text), { replace: true });
      else deps.navigator.leave();
    }),
  });

  const typed = sample({ clock: manualConfirmed, source: $manualText });
  sample({ clock: typed, filter: (text) => text.trim() === '', target: createEffect(() => deps.notifier.info(prompt)) });
  const entered = sample({ clock: typed, filter: (text) => text.trim() !== '' });
  $manualOpen.on(entered, () => false);
  sample({ clock: entered, target: codeRead });

  sample({ clock: imageUnreadable, target: createEffect(() => deps.notifier.info(NO_CODE_IN_IMAGE)) });

  return {
    title: query.modalTitle,
    prompt,
    $camera,
    $manualOpen,
    $manualText,
    $done,
    cameraStarted,
    cameraUnavailable,
    codeRead,
    imageUnreadable,
    manualOpened,
    manualClosed,
    manualTextChanged,
    manualConfirmed,
  };
}

export type ScannerModel = ReturnType<typeof createScannerModel>;

export const scannerScreen = defineScreen({
  name: 'scanner',
  lifetime: 'screen',
  key: (search: string) => search,
  create: (get, search) => createScannerModel({ navigator: leavingNavigator(get(NAVIGATOR)), notifier: get(NOTIFIER) }, scannerQueryOf(search)),
});
