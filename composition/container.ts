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
import { Container } from 'inversify';
import type { AccountApi } from '../application/account/ports';
import { ACCOUNT_API } from '../application/account/ports';
import type { ApprovalApi } from '../application/approval/ports';
import { APPROVAL_API } from '../application/approval/ports';
import type { AppsApi } from '../application/apps/ports';
import { APPS_API } from '../application/apps/ports';
import type { FilesApi } from '../application/files/ports';
import { FILES_API } from '../application/files/ports';
import type { FlowchartApi } from '../application/flowchart/ports';
import { FLOWCHART_API } from '../application/flowchart/ports';
import type { FormsApi } from '../application/forms/ports';
import { FORMS_API } from '../application/forms/ports';
import type { MessagesApi } from '../application/messages/ports';
import { MESSAGES_API } from '../application/messages/ports';
import type { PortalApi } from '../application/portal/ports';
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
import type { RegistrationApi } from '../application/registration/ports';
import { REGISTRATION_API } from '../application/registration/ports';
import type { SearchApi } from '../application/search/ports';
import { SEARCH_API } from '../application/search/ports';
import type { SelectorsApi } from '../application/selectors/ports';
import { SELECTORS_API } from '../application/selectors/ports';
import { SESSION_API, type SessionApi } from '../application/session/ports';
import { createSessionModel, SESSION_MODEL, type SessionModel } from '../application/session/model';
import { SchoolStore } from '../application/session/schoolStore';
import { createLinkOpener } from '../application/shell/links';
import type { TodoApi } from '../application/todo/ports';
import { TODO_API } from '../application/todo/ports';
import { Md5PasswordHasher } from '../infrastructure/session/md5PasswordHasher';
import { createNativeShell } from '../infrastructure/shell';
import { createBrowserStorage, StoredCampusStore, StoredHostStore, StoredSearchHistory, StoredTokenStore } from '../infrastructure/storage';
import { antdNotifier } from '../presentation/shared/notifier';
import { createBrowserNavigator } from './browserNavigator';
import { LazyMessageHub, lazyPort, once } from './lazyPorts';
import type { Network } from './network';

/**
 * The code behind the lazy ports: the HTTP client with the session adapter, the other
 * adapters, and SignalR. Named here so the boot (warmUp.ts) can start the downloads a
 * signed-in first screen waits for; the browser fetches and runs each module once,
 * whoever asks first.
 */
export const loadNetworkCode = () => import('./network');
export const loadAdaptersCode = () => import('./adapters');
export const loadHubCode = () => import('../infrastructure/hub');

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

export function buildContainer(opts: ContainerOptions): Container {
  const { config } = opts;
  const container = new Container({ defaultScope: 'Singleton' });

  const storage = opts.storage ?? createBrowserStorage();
  const clock: Clock = opts.clock ?? { now: () => Date.now() };
  const navigator = opts.navigator ?? createBrowserNavigator(config.basePath, opts.window);
  const notifier = opts.notifier ?? antdNotifier;
  const rawTokens = new StoredTokenStore(storage);
  const campus = new StoredCampusStore(storage);
  const host = new StoredHostStore(storage);
  // The school's SaasAddress when the lookup gave one, else the configured default.
  const serviceHost = (): string => host.get() ?? config.defaultHost;

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
      },
      config,
    );
    return loaded;
  });
  const http = async () => (await network()).http;
  const adapters = once(async () => {
    const [{ createAdapters }, client] = await Promise.all([loadAdaptersCode(), http()]);
    return createAdapters(client);
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

  const shell = createNativeShell({ navigator, window: opts.window });
  const hub = new LazyMessageHub(async () => {
    const { createSignalRHub } = await loadHubCode();
    return createSignalRHub({
      host: serviceHost,
      hubPath: () => config.hubPath,
      accessToken: () => rawTokens.get()?.encryptedAccessToken ?? null,
    });
  });
  const links = createLinkOpener({
    shell,
    navigator,
    appBase: () => new URL(config.basePath, opts.window.location.origin).href,
    pageUrl: () => opts.window.location.href,
    openSystem: (url) => opts.window.location.assign(url),
  });
  const loadHasher = once(async () => (await import('../infrastructure/upload')).createFileHasher());
  const searchHistory = new StoredSearchHistory(storage);

  container.bind(RUNTIME_CONFIG).toConstantValue(config);
  container.bind(CLOCK).toConstantValue(clock);
  container.bind(KEY_VALUE_STORAGE).toConstantValue(storage);
  container.bind(NAVIGATOR).toConstantValue(navigator);
  container.bind(NOTIFIER).toConstantValue(notifier);
  container.bind(TOKEN_STORE).toConstantValue(tokens);
  container.bind(CAMPUS_STORE).toConstantValue(campus);
  container.bind(HOST_STORE).toConstantValue(host);
  container.bind(MESSAGE_HUB).toConstantValue(hub);
  container.bind(NATIVE_SHELL).toConstantValue(shell);
  container.bind(LINK_OPENER).toConstantValue(links);
  container.bind(SEARCH_HISTORY_STORE).toConstantValue(searchHistory);
  container.bind(PASSWORD_HASHER).to(Md5PasswordHasher);
  container.bind(FILE_HASHER).toConstantValue(lazyPort<FileHasher>(loadHasher));
  container.bind(UPLOADER).toConstantValue(
    lazyPort<Uploader>(async () => {
      const [{ createUploader }, hasher, client] = await Promise.all([import('../infrastructure/upload'), loadHasher(), http()]);
      return createUploader({ http: client, hasher, clock });
    }),
  );

  container.bind(SESSION_API).toConstantValue(lazyPort<SessionApi>(async () => (await network()).session));
  container.bind(ACCOUNT_API).toConstantValue(
    lazyPort<AccountApi>(async () => (await adapters()).account),
  );
  container.bind(APPROVAL_API).toConstantValue(
    lazyPort<ApprovalApi>(async () => (await adapters()).approval),
  );
  container.bind(APPS_API).toConstantValue(
    lazyPort<AppsApi>(async () => (await adapters()).apps),
  );
  container.bind(FILES_API).toConstantValue(
    lazyPort<FilesApi>(async () => (await adapters()).files),
  );
  container.bind(FLOWCHART_API).toConstantValue(
    lazyPort<FlowchartApi>(async () => (await adapters()).flowchart),
  );
  container.bind(FORMS_API).toConstantValue(
    lazyPort<FormsApi>(async () => (await adapters()).forms),
  );
  container.bind(MESSAGES_API).toConstantValue(
    lazyPort<MessagesApi>(async () => (await adapters()).messages),
  );
  container.bind(PORTAL_API).toConstantValue(
    lazyPort<PortalApi>(async () => (await adapters()).portal),
  );
  container.bind(REGISTRATION_API).toConstantValue(
    lazyPort<RegistrationApi>(async () => (await adapters()).registration),
  );
  container.bind(SEARCH_API).toConstantValue(
    lazyPort<SearchApi>(async () => (await adapters()).search),
  );
  container.bind(SELECTORS_API).toConstantValue(
    lazyPort<SelectorsApi>(async () => (await adapters()).selectors),
  );
  container.bind(TODO_API).toConstantValue(
    lazyPort<TodoApi>(async () => (await adapters()).todo),
  );

  session = createSessionModel({
    api: container.get<SessionApi>(SESSION_API),
    tokens,
    campus,
    host,
    school: new SchoolStore(storage),
    hub,
    hasher: container.get(PASSWORD_HASHER),
    shell,
    config,
    storage,
    searchHistory,
    navigator,
    notifier,
  });
  container.bind(SESSION_MODEL).toConstantValue(session);
  return container;
}
