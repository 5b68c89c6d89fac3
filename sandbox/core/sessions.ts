import type { Sessions } from './db';
import { randomToken } from './crypto';

export interface TokenRecord {
  encryptedAccessToken: string;
  accessToken: string;
  refreshToken: string;
  expireInSeconds: number;
  userId: string;
}

const REFRESH_TTL_MS = 30 * 24 * 3600 * 1000;

/** Random bearer tokens mapped to user ids, with expiry read from the sandbox clock. */
export class SessionStore {
  constructor(
    public data: Sessions,
    private readonly ttlSeconds: number,
    private readonly now: () => number,
  ) {}

  issue(userId: string): TokenRecord {
    this.prune();
    const access = randomToken();
    const refresh = randomToken();
    this.data.access[access] = { userId, expiresAt: this.now() + this.ttlSeconds * 1000 };
    this.data.refresh[refresh] = { userId, expiresAt: this.now() + REFRESH_TTL_MS };
    return { encryptedAccessToken: access, accessToken: access, refreshToken: refresh, expireInSeconds: this.ttlSeconds, userId };
  }

  /** A new access token for a valid refresh token; the refresh token stays valid. */
  refresh(refreshToken: string): TokenRecord | null {
    const r = this.data.refresh[refreshToken];
    if (!r || r.expiresAt <= this.now()) return null;
    const access = randomToken();
    this.data.access[access] = { userId: r.userId, expiresAt: this.now() + this.ttlSeconds * 1000 };
    return { encryptedAccessToken: access, accessToken: access, refreshToken, expireInSeconds: this.ttlSeconds, userId: r.userId };
  }

  userIdFor(accessToken: string | undefined | null): string | null {
    if (!accessToken) return null;
    const a = this.data.access[accessToken];
    if (!a || a.expiresAt <= this.now()) return null;
    return a.userId;
  }

  /**
   * Every access token expires now; refresh tokens keep working unless `refresh` is set
   * (then the user has to sign in again).
   */
  expireAll(opts: { refresh?: boolean } = {}): number {
    const t = this.now() - 1;
    let n = 0;
    for (const rec of Object.values(this.data.access)) {
      if (rec.expiresAt > t) n++;
      rec.expiresAt = t;
    }
    if (opts.refresh) for (const rec of Object.values(this.data.refresh)) rec.expiresAt = t;
    return n;
  }

  private prune(): void {
    const t = this.now();
    for (const [k, v] of Object.entries(this.data.access)) if (v.expiresAt <= t - 24 * 3600 * 1000) delete this.data.access[k];
    for (const [k, v] of Object.entries(this.data.refresh)) if (v.expiresAt <= t) delete this.data.refresh[k];
  }
}
