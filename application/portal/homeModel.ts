/**
 * The home tab's model (SPEC point 2 "Home and me", point 4 "Home and portal"): the
 * portal of the user's type (layout and widget info), laid out by the domain, and the
 * carousel's pictures, asked beside the layout rather than after it: the carousel is in
 * most layouts and its first picture is home's largest paint, so its list must not wait
 * for the layout, the widget info and the widget's own mount.
 *
 * Every load that starts with widgets on screen bumps `$generation`: the widgets are drawn
 * under it, so a reload (pull to refresh) draws them anew and each asks for its data
 * again. A layout with frame widgets is drawn in two steps on the first load: the widgets
 * before the first frame widget once the layout is in, the rest below them once the
 * frames' info is (application/portal/useCases.ts loadPortal onPart).
 */
import { combine, createEffect, createEvent, createStore, sample, scopeBind } from 'effector';
import { isPortalEmpty, layoutPortal } from '../../domain/portal/portal';
import type { PortalConfig, PortalRow } from '../../domain/portal/types';
import type { Notifier } from '../ports/runtime';
import { NOTIFIER, RUNTIME_CONFIG } from '../ports/tokens';
import { failureOf, type Failure } from '../shared/failure';
import { tellFailure } from '../shared/failureNotice';
import { createLoader } from '../shared/loader';
import { defineScreen } from '../shared/screens';
import { PORTAL_API, type CarouselImage, type PortalApi } from './ports';
import { loadCarousel, loadPortal } from './useCases';

export interface HomeModelDeps {
  readonly api: Pick<PortalApi, 'portalLayout' | 'widgetInfo' | 'carouselImages'>;
  readonly notifier: Pick<Notifier, 'fail'>;
  readonly userType: number;
  /** The origin widget paths are read against: the school's host, else this page's. */
  readonly origin: string;
  /** The portal layout version drawn (config.json `portalConfigVersion`); '1' when not given. */
  readonly portalVersion?: string;
}

const hasCarousel = (rows: readonly PortalRow[]): boolean =>
  rows.some((row) => (row.kind === 'full' ? row.widget.kind === 'carousel' : row.left?.kind === 'carousel' || row.right?.kind === 'carousel'));

export function createHomeModel(deps: HomeModelDeps) {
  const opened = createEvent();
  /** 重试 after a failed load. */
  const retried = createEvent();

  // ----- the carousel's pictures, asked beside the layout -----
  let carouselInFlight: AbortController | null = null;
  const carouselFx = createEffect(async (): Promise<CarouselImage[]> => {
    carouselInFlight?.abort();
    const controller = new AbortController();
    carouselInFlight = controller;
    return loadCarousel({ api: deps.api }, { signal: controller.signal, drawnFirst: true });
  });
  const carouselFailed = sample({ clock: carouselFx.failData.map((e) => failureOf(e)), filter: (f: Failure) => f.kind !== 'cancelled' });
  /** null while asked; [] when there is none or they could not be loaded (the widget then shows nothing). */
  const $carousel = createStore<readonly CarouselImage[] | null>(null, { serialize: 'ignore' })
    .on(carouselFx, () => null)
    .on(carouselFx.doneData, (_, images) => images)
    .on(carouselFailed, () => []);

  // ----- the portal -----
  /** The widgets drawable before the frame widgets' info is in (loadPortal onPart), on the first load. */
  const partIn = createEvent<PortalConfig>();
  const portal = createLoader(
    (_: void, { signal }) => {
      const onPart = scopeBind(partIn, { safe: true });
      return loadPortal({ api: deps.api }, deps.userType, { origin: deps.origin, signal, version: deps.portalVersion, drawnFirst: true, onPart });
    },
    { notifier: deps.notifier },
  );
  // A first load that fails after its part was drawn shows 重试, as one that failed before:
  // the part is dropped with the failure.
  const $part = createStore<PortalConfig | null>(null, { serialize: 'ignore' })
    .on(partIn, (_, part) => part)
    .reset(portal.loadFx.fail);
  /** The whole portal once it is in; before that, on the first load, what can be drawn of it. */
  const $config = combine(portal.$data, $part, (whole, part) => whole ?? part);
  const $rows = $config.map((config: PortalConfig | null): readonly PortalRow[] => (config ? layoutPortal(config) : []));
  /** The portal has no widget to draw: 未配置门户 and its hint. */
  const $empty = combine($config, $rows, (config, rows) => config !== null && (isPortalEmpty(config) || rows.length === 0));
  /** The first load failed: nothing to show but 重试. */
  const $failed = combine($config, portal.$failure, (config, failure) => config === null && failure !== null);
  const reloadFx = createEffect(async () => {
    void carouselFx().catch(() => undefined);
    await portal.loadFx().catch(() => undefined);
  });
  sample({ clock: [opened, retried], target: reloadFx });
  // A load that had widgets on screen when it started (pull to refresh) draws them anew.
  // The first one does not: what it drew before the frame widgets' info came (onPart)
  // stays mounted, the first slide with it.
  const $hadWidgets = createStore(false, { serialize: 'ignore' });
  sample({ clock: reloadFx, source: $config, fn: (config) => config !== null, target: $hadWidgets });
  const redrawn = sample({ clock: reloadFx.done, source: $hadWidgets, filter: Boolean });
  const $generation = createStore(0, { serialize: 'ignore' }).on(redrawn, (n) => n + 1);

  /**
   * What home drew from the device has a newer answer (application/offline/renewals.ts):
   * the layout and the carousel again, quietly; the widgets stay mounted and renew their own.
   */
  const renew = createEvent();
  sample({
    clock: renew,
    target: createEffect(async () => {
      void carouselFx().catch(() => undefined);
      await portal.loadFx().catch(() => undefined);
    }),
  });

  // A carousel that could not be loaded is told only when the layout has one to show.
  const $carouselFailure = createStore<Failure | null>(null, { serialize: 'ignore' })
    .on(carouselFx, () => null)
    .on(carouselFailed, (_, f) => f);
  const carouselFailureShown = sample({
    source: { failure: $carouselFailure, rows: $rows },
    filter: ({ failure, rows }) => failure !== null && hasCarousel(rows),
    fn: ({ failure }) => failure!,
  });
  $carouselFailure.reset(carouselFailureShown);
  sample({ clock: carouselFailureShown, target: createEffect((f: Failure) => tellFailure(deps.notifier, f)) });

  return {
    $config,
    $rows,
    $empty,
    $failed,
    $generation,
    $carousel,
    opened,
    retried,
    renew,
    /** Pull to refresh: resolves when the portal is in again (or told failed). */
    refreshFx: reloadFx,
    dispose: () => {
      portal.dispose();
      carouselInFlight?.abort();
    },
  };
}

export type HomeModel = ReturnType<typeof createHomeModel>;

export interface HomeParams {
  readonly userId: string;
  readonly userType: number;
  readonly origin: string;
}

/** The home tab of the signed-in user; its widgets read the carousel from it. */
export const homeScreen = defineScreen({
  name: 'home',
  lifetime: 'screen',
  key: (p: HomeParams) => `${p.userId}:${p.userType}`,
  create: (get, p) =>
    createHomeModel({ api: get(PORTAL_API), notifier: get(NOTIFIER), userType: p.userType, origin: p.origin, portalVersion: get(RUNTIME_CONFIG).portalConfigVersion }),
});
