import type { TokenRecord } from '../../domain/session/types';

/** Where the signed-in session lives (local storage in the browser). */
export interface TokenStore {
  get(): TokenRecord | null;
  set(record: TokenRecord): void;
  clear(): void;
}

/** The chosen campus, sent as the Campus header on every call. */
export interface CampusStore {
  get(): string | null;
  set(campusId: string): void;
  clear(): void;
}

/** The service host for the bound school: SaasAddress when the lookup gave one. */
export interface HostStore {
  get(): string | null;
  set(host: string | null): void;
}
