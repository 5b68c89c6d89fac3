import type { HubState } from '../../domain/session/types';

export type { HubState };

export type Unsubscribe = () => void;

/**
 * The real-time message hub (SPEC point 4 "Message hub connection", CONTRACT.md
 * "Real-time hub"). The adapter keeps the connection alive on its own: a fixed delay
 * between attempts, forever, including the very first start, until `stop()`.
 */
export interface MessageHub {
  /**
   * Connects with the stored token and keeps reconnecting; registers as the user once
   * the id is known. The id may come as a promise, so the connection is made while the
   * user is still being fetched; if that promise rejects, the hub stops and `start`
   * rejects with its error. Resolves at the first successful connection (the user is
   * registered with the hub by then); rejects with an ApiError of kind 'cancelled' when
   * `stop()` is called first. A second call for the same user id while running is a
   * no-op answering the same promise.
   */
  start(user: string | PromiseLike<string>): Promise<void>;
  /** Disconnects and stops every retry; safe to call at any time. */
  stop(): Promise<void>;
  /** The state now. */
  readonly state: HubState;
  /** Called with every state change (not with the current state on subscribe). */
  subscribe(listener: (state: HubState) => void): Unsubscribe;
  /** Called with the payload of every server `Message` event (the app refetches its message tabs). */
  onMessage(listener: (payload: unknown) => void): Unsubscribe;
}
