/**
 * Shared set-up of the part-A contract tests (session, portal, messages, apps, search,
 * to-do, registration, account, config): the real HttpClient with in-memory stores,
 * pointed at the in-process sandbox, and a login through the real mobile-login call.
 */
import { createHash } from 'node:crypto';
import type { CampusStore, TokenStore } from '../../../../application/ports/session';
import type { RuntimeConfig } from '../../../../application/ports/runtime';
import type { TokenRecord } from '../../../../domain/session/types';
import { DEFAULT_RUNTIME_CONFIG } from '../../../../infrastructure/config/runtimeConfig';
import { HttpClient } from '../../../../infrastructure/http/httpClient';
import { HttpSessionApi } from '../../../../infrastructure/session/sessionApi';

export const PASSWORD = 'Campus2026';
export const TENANT = 'demo';

/** The wire form of a password, computed independently of the adapter under test. */
export const md5 = (plain: string): string => createHash('md5').update(plain.trim(), 'utf8').digest('hex');

export class MemoryTokenStore implements TokenStore {
  record: TokenRecord | null = null;
  get = (): TokenRecord | null => this.record;
  set = (r: TokenRecord): void => {
    this.record = r;
  };
  clear = (): void => {
    this.record = null;
  };
}

export class MemoryCampusStore implements CampusStore {
  id: string | null = null;
  get = (): string | null => this.id;
  set = (id: string): void => {
    this.id = id;
  };
  clear = (): void => {
    this.id = null;
  };
}

export interface Client {
  http: HttpClient;
  tokens: MemoryTokenStore;
  campus: MemoryCampusStore;
  config: RuntimeConfig;
  session: HttpSessionApi;
  /** How many times the client gave the session up. */
  lost: () => number;
}

export function makeClient(sandboxUrl: string): Client {
  const tokens = new MemoryTokenStore();
  const campus = new MemoryCampusStore();
  let lost = 0;
  const config: RuntimeConfig = { ...DEFAULT_RUNTIME_CONFIG, defaultHost: sandboxUrl };
  const http = new HttpClient({
    host: () => sandboxUrl,
    timeoutMs: () => 10_000,
    tokens,
    campus,
    clock: { now: () => Date.now() },
    onSessionLost: () => {
      lost++;
    },
  });
  return { http, tokens, campus, config, session: new HttpSessionApi(http, config), lost: () => lost };
}

/** Logs in through the adapter, stores the token pair and picks the first campus, as the app does. */
export async function loginAs(sandboxUrl: string, account: string, password = PASSWORD): Promise<Client & { userId: string }> {
  const client = makeClient(sandboxUrl);
  const session = await client.session.mobileLogin({ account, hashedPassword: md5(password), tenantCode: TENANT });
  client.tokens.set({ encryptedAccessToken: session.encryptedAccessToken, refreshToken: session.refreshToken });
  client.http.sessionStarted();
  const campuses = await client.session.campuses();
  if (campuses[0]) client.campus.set(campuses[0].id);
  const me = await client.session.userInfo();
  return { ...client, userId: me.id };
}

/** The SMS codes the sandbox "sent" (it logs them instead): GET /sandbox/admin/sms. */
export async function sentCodes(sandboxUrl: string): Promise<{ phone: string; code: string }[]> {
  const res = await fetch(`${sandboxUrl}/sandbox/admin/sms`);
  return (await res.json()) as { phone: string; code: string }[];
}

export async function lastCodeFor(sandboxUrl: string, phone: string): Promise<string> {
  const codes = (await sentCodes(sandboxUrl)).filter((c) => c.phone === phone);
  const last = codes[codes.length - 1];
  if (!last) throw new Error(`no SMS code was sent to ${phone}`);
  return last.code;
}
