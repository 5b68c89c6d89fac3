import {
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
  type HubConnection,
  type IHttpConnectionOptions,
  type IRetryPolicy,
} from '@microsoft/signalr';
import { ApiError, REQUEST_FAILED } from '../../application/ports/errors';
import type { HubState, MessageHub, Unsubscribe } from '../../application/ports/hub';
import { HUB_RECONNECT_DELAY_MS } from '../../domain/session/session';

/** Hub method the client calls after every (re)connect to register its user. */
export const HUB_INIT_METHOD = 'InitlnUser';
/** Server event announcing a new message. */
export const HUB_MESSAGE_EVENT = 'Message';

/** The visibility events the adapter listens to; `document` in the browser. */
export type VisibilitySource = {
  readonly visibilityState: string;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
};

export interface SignalRHubDeps {
  /** Service host ('' = same origin), read at every start so a school switch applies. */
  host: () => string;
  /** e.g. '/messagehub/message-hub' (runtime config). */
  hubPath: () => string;
  /** The stored access token, read at every (re)connect. */
  accessToken: () => string | null;
  /** Delay between attempts; 5000 ms (SPEC point 9) unless a test shortens it. */
  retryDelayMs?: number;
  /** Tests inject a builder, e.g. to pass `WebSocket` from the ws package. */
  createBuilder?: () => HubConnectionBuilder;
  /** Extra withUrl options (e.g. `{ WebSocket }` in node); never the token factory. */
  connectionOptions?: Omit<IHttpConnectionOptions, 'accessTokenFactory'> & { WebSocket?: unknown };
  /** Page visibility; defaults to `document` when there is one, null to disable. */
  visibility?: VisibilitySource | null;
  logLevel?: LogLevel;
  /** Where failures the app cannot act on go (InitlnUser or listener errors). */
  log?: (message: string, error?: unknown) => void;
}

/** A retry delay that never gives up (SPEC point 9: reconnect every 5000 ms). */
export const fixedRetryPolicy = (delayMs: number): IRetryPolicy => ({
  nextRetryDelayInMilliseconds: () => delayMs,
});

/** SignalR's connection states by the app's names; any other is 'disconnected'. */
const HUB_STATES: Partial<Record<HubConnectionState, HubState>> = {
  [HubConnectionState.Connected]: 'connected',
  [HubConnectionState.Connecting]: 'connecting',
  [HubConnectionState.Reconnecting]: 'reconnecting',
  [HubConnectionState.Disconnecting]: 'disconnecting',
};

export const mapHubState = (state: HubConnectionState): HubState => HUB_STATES[state] ?? 'disconnected';

const defaultVisibility = (): VisibilitySource | null =>
  typeof document !== 'undefined' && typeof document.addEventListener === 'function' ? document : null;

/**
 * MessageHub over SignalR. SignalR's automatic reconnect covers a dropped connection;
 * it does not cover the first start nor a connection that closed for good (server
 * close without reconnect), so those go through our own fixed-delay loop. A page that
 * comes back to the foreground reconnects at once, because mobile browsers freeze
 * timers in the background.
 */
export class SignalRMessageHub implements MessageHub {
  private connection: HubConnection | null = null;
  private userId: string | null = null;
  /** The id being fetched when start() was given a promise; settles once per start. */
  private user: Promise<string> | null = null;
  private running = false;
  private current: HubState = 'disconnected';
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private attempt: { connection: HubConnection | null; done: Promise<void> } | null = null;
  private firstConnect: { promise: Promise<void>; resolve: () => void; reject: (e: unknown) => void } | null = null;
  private readonly stateListeners = new Set<(state: HubState) => void>();
  private readonly messageListeners = new Set<(payload: unknown) => void>();
  private readonly delayMs: number;
  private readonly visibility: VisibilitySource | null;
  private readonly log: (message: string, error?: unknown) => void;

  constructor(private readonly deps: SignalRHubDeps) {
    this.delayMs = deps.retryDelayMs ?? HUB_RECONNECT_DELAY_MS;
    this.visibility = deps.visibility === undefined ? defaultVisibility() : deps.visibility;
    this.log = deps.log ?? ((message, error) => console.warn(`[hub] ${message}`, error ?? ''));
  }

  get state(): HubState {
    return this.current;
  }

  subscribe(listener: (state: HubState) => void): Unsubscribe {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  onMessage(listener: (payload: unknown) => void): Unsubscribe {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }

  start(user: string | PromiseLike<string>): Promise<void> {
    const known = typeof user === 'string' ? user : null;
    if (this.running && this.firstConnect && known !== null && this.userId === known) return this.firstConnect.promise;
    if (this.running) {
      // Another user: begin again with a fresh connection registered as that user.
      void this.stop();
    }
    this.running = true;
    this.userId = known;
    let resolve!: () => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    // A caller that does not wait (fire and forget) must not see an unhandled rejection.
    promise.catch(() => undefined);
    const first = { promise, resolve, reject };
    this.firstConnect = first;
    // The connection needs only the token; the id is awaited where it is used (registerUser).
    this.user = Promise.resolve(user).then((id) => {
      if (this.firstConnect === first) this.userId = id;
      return id;
    });
    this.user.catch((e: unknown) => {
      if (this.firstConnect !== first) return;
      first.reject(e);
      void this.stop();
    });
    this.visibility?.addEventListener('visibilitychange', this.onVisibilityChange);
    this.connection = this.build();
    void this.connectLoop();
    return promise;
  }

  async stop(): Promise<void> {
    const connection = this.connection;
    const wasRunning = this.running;
    this.running = false;
    this.clearRetry();
    this.visibility?.removeEventListener('visibilitychange', this.onVisibilityChange);
    this.firstConnect?.reject(new ApiError('cancelled', REQUEST_FAILED));
    this.firstConnect = null;
    this.connection = null;
    if (!connection) {
      if (wasRunning) this.setState('disconnected');
      return;
    }
    if (connection.state !== HubConnectionState.Disconnected) {
      this.setState('disconnecting');
      try {
        await connection.stop();
      } catch (e) {
        this.log('stop failed', e);
      }
    }
    // A start() for another user may have begun meanwhile; its state wins.
    if (this.connection === null && (wasRunning || this.current !== 'disconnected')) this.setState('disconnected');
  }

  private build(): HubConnection {
    const builder = this.deps.createBuilder?.() ?? new HubConnectionBuilder();
    const url = `${this.deps.host().replace(/\/$/, '')}${this.deps.hubPath()}`;
    const options: IHttpConnectionOptions = {
      ...(this.deps.connectionOptions as IHttpConnectionOptions | undefined),
      accessTokenFactory: () => this.deps.accessToken() ?? '',
    };
    const connection = builder
      .withUrl(url, options)
      .withAutomaticReconnect(fixedRetryPolicy(this.delayMs))
      .configureLogging(this.deps.logLevel ?? LogLevel.Warning)
      .build();

    connection.on(HUB_MESSAGE_EVENT, (...args: unknown[]) => this.emitMessage(args[0]));
    connection.onreconnecting(() => {
      if (this.connection === connection) this.setState('reconnecting');
    });
    connection.onreconnected(() => {
      if (this.connection !== connection) return;
      this.setState('connected');
      void this.registerUser(connection);
    });
    connection.onclose(() => {
      if (this.connection !== connection || !this.running) return;
      // Closed for good while we still want it: back to our own retry loop.
      this.setState('disconnected');
      this.scheduleRetry();
    });
    return connection;
  }

  /** One attempt at a time per connection; a new connection (another user) never waits on the old one's. */
  private async connectLoop(): Promise<void> {
    const connection = this.connection;
    if (this.attempt && this.attempt.connection === connection) return this.attempt.done;
    const done = this.tryConnect().finally(() => {
      if (this.attempt?.done === done) this.attempt = null;
    });
    this.attempt = { connection, done };
    return done;
  }

  private async tryConnect(): Promise<void> {
    const connection = this.connection;
    if (!this.running || !connection || connection.state !== HubConnectionState.Disconnected) return;
    this.clearRetry();
    this.setState('connecting');
    try {
      await connection.start();
    } catch (e) {
      if (this.connection !== connection || !this.running) return;
      this.log('connect failed, retrying', e);
      // Still trying, so still 'connecting' rather than 'disconnected' between attempts.
      this.scheduleRetry();
      return;
    }
    if (this.connection !== connection || !this.running) return;
    this.setState(mapHubState(connection.state));
    await this.registerUser(connection);
    this.firstConnect?.resolve();
  }

  private async registerUser(connection: HubConnection): Promise<void> {
    let userId = this.userId;
    if (userId === null) {
      try {
        userId = await this.user;
      } catch {
        return; // start() failed with the user's error and is stopping
      }
      if (userId === null || this.connection !== connection) return;
    }
    try {
      await connection.invoke(HUB_INIT_METHOD, userId);
    } catch (e) {
      // The connection is dropping; onreconnected registers again once it is back.
      this.log(`${HUB_INIT_METHOD} failed`, e);
    }
  }

  private scheduleRetry(): void {
    this.clearRetry();
    if (!this.running) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connectLoop();
    }, this.delayMs);
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private readonly onVisibilityChange = (): void => {
    if (!this.running || this.visibility?.visibilityState !== 'visible') return;
    if (this.connection?.state === HubConnectionState.Disconnected) void this.connectLoop();
  };

  private setState(state: HubState): void {
    if (state === this.current) return;
    this.current = state;
    for (const listener of [...this.stateListeners]) {
      try {
        listener(state);
      } catch (e) {
        this.log('state listener failed', e);
      }
    }
  }

  private emitMessage(payload: unknown): void {
    for (const listener of [...this.messageListeners]) {
      try {
        listener(payload);
      } catch (e) {
        this.log('message listener failed', e);
      }
    }
  }
}

export const createSignalRHub = (deps: SignalRHubDeps): MessageHub => new SignalRMessageHub(deps);
