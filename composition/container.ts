/**
 * The composition root: the one place that names adapters. Every port of
 * application/ports and application/<ctx>/ports is bound here to its adapter in
 * infrastructure/, plus the session model built from them.
 *
 * Adapters that need the network (axios, zod schemas, SignalR, MD5 engines) are bound
 * through lazy ports (lazyPorts.ts): their code downloads on the first call, so the
 * login screen starts small. The HTTP client comes with the session adapter
 * (network.ts), every other adapter in one more file (adapters.ts). The light ones
 * (storage, shell, password hasher) are built at once.
 */
import { createEffect, sample } from 'effector';
import { FLOW_LOOKUP } from '../application/ports/flowLookup';
import { LOGGER } from '../application/ports/logger';
import { consoleLog } from '../infrastructure/logging/consoleLog';
import { createScreenModels, SCREEN_MODELS } from '../application/shared/screens';
import { createMissingCalls, MISSING_CALLS } from '../application/shared/missingCalls';
import { selectionsCleared } from '../application/selectors/model';
import { chartContextCleared } from '../application/flowchart/model';
import { createRegistry, type Registry, type Token } from '../application/ports/token';
import { reimportable } from '../presentation/shared/reimport';
import { afterPaintWhenIdle } from '../presentation/shared/afterPaint';
import { whenSettledOrOffline } from '../presentation/shared/lazyModule';
import { ACCOUNT_API } from '../application/account/ports';
import { APPROVAL_API, type ApprovalApi } from '../application/approval/ports';
import { APPS_API } from '../application/apps/ports';
import { FILES_API } from '../application/files/ports';
import { FLOWCHART_API } from '../application/flowchart/ports';
import { FORMS_API } from '../application/forms/ports';
import { MESSAGES_API, type MessagesApi } from '../application/messages/ports';
import { PORTAL_API } from '../application/portal/ports';
import type { KeyValueStorage, Navigator, Notifier, RuntimeConfig, Clock } from '../application/ports/runtime';
import type { TokenStore } from '../application/ports/session';
import type { FileHasher, Uploader } from '../application/ports/upload';
import {
  CAMPUS_STORE,
  CLOCK,
  FILE_HASHER,
  HOST_STORE,
  KEY_VALUE_STORAGE,
  MESSAGE_HUB,
  NATIVE_SHELL,
  LINK_OPENER,
  NAVIGATOR,
  NOTIFIER,
  PASSWORD_HASHER,
  RUNTIME_CONFIG,
  SEARCH_HISTORY_STORE,
  TOKEN_STORE,
  UPLOADER,
} from '../application/ports/tokens';
import { REGISTRATION_API } from '../application/registration/ports';
import { SEARCH_API } from '../application/search/ports';
import { SELECTORS_API } from '../application/selectors/ports';
import { SESSION_API, type SessionApi } from '../application/session/ports';
import { createSessionModel, SESSION_MODEL, type SessionModel } from '../application/session/model';
import { SchoolStore } from '../application/session/schoolStore';
import { createLinkOpener } from '../application/shell/links';
import { connectShellBridge, type Insets } from '../application/shell/bridgeModel';
import { createTextSize, TEXT_SIZE } from '../application/shell/textSize';
import { TODO_API, type TodoApi } from '../application/todo/ports';
import { APP_UPDATE, CONNECTIVITY, DATA_AGE, OUTBOX, OUTBOX_BADGE, OUTBOX_STORE, type Outbox, type OutboxStore } from '../application/offline/ports';
import { createAppUpdate } from '../application/offline/appUpdate';
import { createDataAge } from '../application/offline/dataAge';
import { createReachability } from '../application/offline/reachability';
import type { KeptAnswerStore } from '../infrastructure/http/keptAnswers';
import { createOutboxBadge } from '../application/offline/badge';
import type { UserDeviceData } from '../application/ports/deviceData';
import { createRenewals, RENEWALS } from '../application/offline/renewals';
import { browserConnectivity } from '../infrastructure/offline/connectivity';
import { createNativeShell } from '../infrastructure/shell';
import { createBrowserStorage, StoredCampusStore, StoredHostStore, StoredSearchHistory, StoredTokenStore } from '../infrastructure/storage';
import { antdNotifier } from '../presentation/shared/notifier';
import { createBrowserNavigator } from './browserNavigator';
import { historyIndexOf, isFirstPage } from '../presentation/shared/history';
import { planReturn } from '../application/shared/navigation';
import { LazyMessageHub, lazyPort, once, writesLater } from './lazyPorts';
import type { Adapters } from './adapters';
import type { Network } from './network';

/** The last user signed in on this device (whose data the device holds). */
const LAST_USER_KEY = 'campus.lastUser';

/**
 * The code behind the lazy ports: the HTTP client with the session adapter, the other
 * adapters, and SignalR. Named here so the boot (warmUp.ts) can start the downloads a
 * signed-in first screen waits for; the browser fetches and runs each module once,
 * whoever asks first.
 */
export const loadNetworkCode = reimportable(() => import('./network'));
export const loadAdaptersCode = reimportable(() => import('./adapters'));
export const loadHubCode = reimportable(() => import('../infrastructure/hub'));
// The code behind the ports below, each retried through a fresh address after a failed download.
const keptAnswersCode = reimportable(() => import('../infrastructure/http/keptAnswers'));
const uploadCode = reimportable(() => import('../infrastructure/upload'));
const md5PasswordCode = reimportable(() => import('../infrastructure/session/md5PasswordHasher'));
const outboxStoreCode = reimportable(() => import('../infrastructure/offline/idbOutboxStore'));
const outboxCode = reimportable(() => import('../application/offline/outbox'));
const approvalOutboxCode = reimportable(() => import('../application/approval/outboxKinds'));
const todoOutboxCode = reimportable(() => import('../application/todo/outboxKinds'));
const messagesOutboxCode = reimportable(() => import('../application/messages/outboxKinds'));
const outboxModelCode = reimportable(() => import('../application/offline/outboxModel'));

export interface ContainerOptions {
  config: RuntimeConfig;
  /** `window` in the browser. */
  window: Window;
  /** Local storage unless a test passes another. */
  storage?: KeyValueStorage;
  navigator?: Navigator;
  notifier?: Notifier;
  clock?: Clock;
}

export function buildContainer(opts: ContainerOptions): Registry {
  const { config } = opts;
  // The container is a typed registry of values the root builds itself (no decorators):
  // a token takes only a value of its own type.
  const container = createRegistry();
  const bindValue = <T,>(t: Token<T>, value: T): void => container.bind(t, value);

  const storage = opts.storage ?? createBrowserStorage();
  const clock: Clock = opts.clock ?? { now: () => Date.now() };
  const baseNavigator = opts.navigator ?? createBrowserNavigator(config.basePath, opts.window);
  // Back as the back bar does it (SPEC point 2): one step inside the app; on the first page
  // the app opened, back to the shell, or home in a browser, never out of the app.
  const navigator: Navigator = {
    ...baseNavigator,
    leave:
      baseNavigator.leave ??
      ((fallback = '/') => {
        if (!isFirstPage(opts.window.history)) baseNavigator.back();
        else if (shell.isInShell()) shell.back();
        else baseNavigator.go(fallback, { replace: true });
      }),
    returnTo:
      baseNavigator.returnTo ??
      ((steps, fallback) => {
        const plan = planReturn(historyIndexOf(opts.window.history.state), steps);
        if (plan.kind === 'back') return baseNavigator.back(plan.steps);
        if (plan.kind === 'replace') return baseNavigator.go(fallback, { replace: true });
        // Back to the first page the app opened, then the parent in its place.
        opts.window.addEventListener('popstate', () => baseNavigator.go(fallback, { replace: true }), { once: true });
        baseNavigator.back(plan.steps);
      }),
  };
  const notifier = opts.notifier ?? antdNotifier;
  const rawTokens = new StoredTokenStore(storage);
  const campus = new StoredCampusStore(storage);
  const host = new StoredHostStore(storage);
  // The school's SaasAddress when the lookup gave one, else the configured default.
  const serviceHost = (): string => host.get() ?? config.defaultHost;

  // What the user last saw, kept per user on the device and answered when there is no
  // network (infrastructure/http/keptAnswers.ts); its code loads on first use. Whose it
  // is: the user last signed in on this device while there is a session.
  // Answers are written after the next paint, at an idle moment: the first write loads the
  // store's code and opens IndexedDB, which raced the screen's own code and first paint
  // (the approval list's answer was kept before its cards were drawn; bench/notes.md,
  // tenth session).
  // A write whose user signed out in the meantime is dropped: signing out deletes the
  // user's answers, and a write after it would leave one behind.
  const keptOwner = (): string | null => (rawTokens.get() ? storage.get(LAST_USER_KEY) : null);
  const keptAnswers = writesLater(
    lazyPort<KeptAnswerStore>(async () => new (await keptAnswersCode()).IdbKeptAnswers()),
    afterPaintWhenIdle,
    (owner) => owner === keptOwner(),
  );
  const dataAge = createDataAge();
  const renewals = createRenewals();
  // Online: the browser does not say offline and the app's own calls are answered.
  const connectivity = createReachability(browserConnectivity(opts.window));
  connectivity.onOnline(() => dataAge.reset());

  // Late-bound: the HTTP client exists before the session model that answers its signal.
  let session: SessionModel | null = null;
  let loaded: Network | null = null;
  const network = once(async () => {
    const { createNetwork } = await loadNetworkCode();
    loaded = createNetwork(
      {
        host: serviceHost,
        timeoutMs: () => config.httpTimeout,
        tokens: rawTokens,
        campus,
        clock,
        onSessionLost: () => session?.sessionLost(),
        heard: (answered) => connectivity.heard(answered),
        kept: {
          store: keptAnswers,
          owner: keptOwner,
          now: () => clock.now(),
          served: (at) => dataAge.saw(at),
          renewed: () => renewals.renewed(),
        },
      },
      config,
    );
    return loaded;
  });
  const http = async () => (await network()).http;
  const adapters = once(async () => {
    const [{ createAdapters }, client] = await Promise.all([loadAdaptersCode(), http()]);
    return createAdapters(client, config.calls);
  });

  // A stored session (login, SSO) re-arms the HTTP client's one-time session-lost signal.
  const tokens: TokenStore = {
    get: () => rawTokens.get(),
    set: (record) => {
      rawTokens.set(record);
      loaded?.http.sessionStarted();
    },
    clear: () => rawTokens.clear(),
  };

  const shell = createNativeShell({ navigator: baseNavigator, window: opts.window, ...(config.shellOrigin ? { expectedOrigin: config.shellOrigin } : {}) });
  const hub = new LazyMessageHub(async () => {
    const { createSignalRHub } = await loadHubCode();
    return createSignalRHub({
      host: serviceHost,
      hubPath: () => config.hubPath,
      accessToken: () => rawTokens.get()?.encryptedAccessToken ?? null,
    });
  });
  // The hub tries again every few seconds on its own: when it gets through, the server
  // answers again, and a phone whose calls went unanswered (while the browser said
  // online) learns that the network is back and sends its outbox.
  hub.subscribe((state) => {
    if (state === 'connected') connectivity.heard(true);
  });
  const links = createLinkOpener({
    shell,
    navigator,
    appBase: () => new URL(config.basePath, opts.window.location.origin).href,
    pageUrl: () => opts.window.location.href,
    openSystem: (url) => opts.window.location.assign(url),
  });
  const loadHasher = once(async () => (await uploadCode()).createFileHasher());
  const searchHistory = new StoredSearchHistory(storage);

  bindValue(RUNTIME_CONFIG, config);
  bindValue(CLOCK, clock);
  bindValue(KEY_VALUE_STORAGE, storage);
  bindValue(NAVIGATOR, navigator);
  bindValue(NOTIFIER, notifier);
  bindValue(LOGGER, consoleLog);
  bindValue(TOKEN_STORE, tokens);
  bindValue(CAMPUS_STORE, campus);
  bindValue(HOST_STORE, host);
  bindValue(MESSAGE_HUB, hub);
  bindValue(NATIVE_SHELL, shell);
  bindValue(LINK_OPENER, links);
  bindValue(SEARCH_HISTORY_STORE, searchHistory);
  // The MD5 engine loads on the first hash (fetched ahead while the first screen is idle:
  // composition/main.tsx), not with the login screen's first frame.
  const md5Hasher = once(async () => new (await md5PasswordCode()).Md5PasswordHasher());
  bindValue(PASSWORD_HASHER, { hash: async (plain: string) => (await md5Hasher()).hash(plain) });
  bindValue(FILE_HASHER, lazyPort<FileHasher>(loadHasher));
  bindValue(
    UPLOADER,
    lazyPort<Uploader>(async () => {
      const [{ createUploader }, hasher, client] = await Promise.all([uploadCode(), loadHasher(), http()]);
      return createUploader({ http: client, hasher, clock });
    }),
  );

  bindValue(SESSION_API, lazyPort<SessionApi>(async () => (await network()).session));
  // Every adapter but the session's comes in one download (adapters.ts), on the first call.
  const api = <K extends keyof Adapters>(key: K): Adapters[K] => lazyPort<Adapters[K]>(async () => (await adapters())[key]);
  bindValue(ACCOUNT_API, api('account'));
  bindValue(APPROVAL_API, api('approval'));
  // The launcher's flow lookup is answered by the approval service.
  bindValue(FLOW_LOOKUP, api('approval'));
  bindValue(APPS_API, api('apps'));
  bindValue(FILES_API, api('files'));
  bindValue(FLOWCHART_API, api('flowchart'));
  bindValue(FORMS_API, api('forms'));
  bindValue(MESSAGES_API, api('messages'));
  bindValue(PORTAL_API, api('portal'));
  bindValue(REGISTRATION_API, api('registration'));
  bindValue(SEARCH_API, api('search'));
  bindValue(SELECTORS_API, api('selectors'));
  bindValue(TODO_API, api('todo'));

  // The outbox (application/offline): kept in IndexedDB, its code and its store loaded on
  // first use; each kind of entry is sent by its API with the entry's id as its
  // Idempotency-Key.
  bindValue(OUTBOX_STORE, lazyPort<OutboxStore>(async () => new (await outboxStoreCode()).IdbOutboxStore()));
  bindValue(CONNECTIVITY, connectivity);
  bindValue(OUTBOX_BADGE, createOutboxBadge());
  bindValue(APP_UPDATE, createAppUpdate());
  bindValue(DATA_AGE, dataAge);
  bindValue(RENEWALS, renewals);
  bindValue(
    OUTBOX,
    lazyPort<Outbox>(async () => {
      const [{ createOutbox }, { approvalOutboxSenders }, { todoOutboxSenders }, { messagesOutboxSenders }] = await Promise.all([
        outboxCode(),
        approvalOutboxCode(),
        todoOutboxCode(),
        messagesOutboxCode(),
      ]);
      return createOutbox({
        store: container.get(OUTBOX_STORE),
        clock,
        senders: {
          ...approvalOutboxSenders(container.get<ApprovalApi>(APPROVAL_API), container.get(UPLOADER)),
          ...todoOutboxSenders(container.get<TodoApi>(TODO_API), container.get(UPLOADER)),
          ...messagesOutboxSenders(container.get<MessagesApi>(MESSAGES_API)),
        },
      });
    }),
  );

  // A user's outbox (and the data last seen) on the device: gone when they sign out, or
  // when another user signs in on the phone.
  const deviceData: UserDeviceData = {
    forget: async (userId) => {
      await Promise.all([container.get<OutboxStore>(OUTBOX_STORE).clear(userId), keptAnswers.clear(userId)]).catch(() => undefined);
      // No IndexedDB (a private window): nothing was kept there.
    },
  };

  const school = new SchoolStore(storage);
  session = createSessionModel({
    api: container.get<SessionApi>(SESSION_API),
    tokens,
    campus,
    host,
    school,
    hub,
    hasher: container.get(PASSWORD_HASHER),
    shell,
    config,
    storage,
    searchHistory,
    deviceData,
    navigator,
    notifier,
    online: () => connectivity.online(),
    fromDevice: () => dataAge.since() !== null,
  });
  bindValue(SESSION_MODEL, session);
  const missingCalls = createMissingCalls();
  bindValue(MISSING_CALLS, missingCalls);

  const screens = createScreenModels({
    resolve: (t) => container.get(t),
    userId: () => session?.$user.getState()?.id ?? '',
  });
  bindValue(SCREEN_MODELS, screens);
  // Nothing of one user's screens outlives the session: the screen models, the two
  // channels between pages (a selection on its way back, the chart of the run on screen)
  // and the calls the backend was found to lack (the next school may have them).
  sample({ clock: session.sessionEnded, target: createEffect(() => screens.clear()) });
  sample({ clock: session.sessionEnded, target: [selectionsCleared, chartContextCleared, missingCalls.cleared] });
  // What waited in the outbox since the last visit goes once a user is signed in (never
  // with the login screen), once the first screen has settled: its code (seven files) and
  // its start, loaded beside the first screen's own code and data, held home's first slide
  // back (bench/notes.md, eighth session) and the approval list's first cards (tenth
  // session). A phone that is offline starts it at once (what waits, and its count, show
  // without a network), and so does a screen that may keep an action (offlineQueueOf; the
  // approval centre once its first cards are drawn). A start that could not load its code
  // tries again online.
  const startOutbox = async (userId: string): Promise<void> => {
    try {
      const { outboxScreen } = await outboxModelCode();
      if (session?.$user.getState()?.id === userId) screens.get(outboxScreen, { userId }).started();
    } catch {
      opts.window.addEventListener('online', () => void startOutbox(userId), { once: true });
    }
  };
  // Another user signing in on the phone deletes what the last one left on it.
  sample({
    clock: session.$user.map((user) => user?.id ?? null).updates,
    filter: (userId): userId is string => userId !== null,
    target: createEffect(async (userId: string) => {
      const last = storage.get(LAST_USER_KEY);
      storage.set(LAST_USER_KEY, userId);
      if (last && last !== userId) await deviceData.forget(last);
      // A start still waiting when another user signs in starts nothing (startOutbox checks).
      whenSettledOrOffline(() => void startOutbox(userId), opts.window);
    }),
  });

  const textSize = createTextSize({
    $userId: session.$user.map((u) => u?.id ?? null),
    storage,
    apply: (scale) => opts.window.document?.documentElement?.style.setProperty('--cw-text-scale', String(scale)),
  });
  bindValue(TEXT_SIZE, textSize);

  connectShellBridge({
    shell,
    session,
    tokens,
    school,
    navigator,
    storage,
    applyInsets: (insets) => applySafeAreaInsets(opts.window.document, insets),
    textSize,
  });
  return container;
}

/**
 * Safe-area insets the shell reported (web views without env(safe-area-inset-*)):
 * CSS variables the layout reads beside env() (presentation/shared/theme.css).
 */
function applySafeAreaInsets(doc: Document | undefined, insets: Insets): void {
  const style = doc?.documentElement?.style;
  if (!style) return;
  for (const side of ['top', 'right', 'bottom', 'left'] as const) style.setProperty(`--cw-shell-inset-${side}`, `${insets[side]}px`);
}
