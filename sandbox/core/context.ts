import type { SandboxRequest, SandboxServices } from '../module';
import type { Db, UserRecord } from './db';
import type { Faults } from './faults';
import type { Hub } from './hub';
import type { SessionStore } from './sessions';
import type { BackendVariant } from './variant';
import { unauthorized } from './errors';

/** The core's services: what modules get, plus the clock and reminders for the core's own routes. */
export interface CoreServices extends SandboxServices {
  nowMs(): number;
  /** Moves the sandbox clock (tests); 0 is the real time. */
  setClockOffset(ms: number): void;
  clockOffset(): number;
  /** Sends due to-do reminders; runs on a timer and after the clock moves. */
  tick(): void;
  /** Recent log lines (the SMS codes among them), newest last. */
  recentLog(): string[];
}

export interface Ctx {
  /** Mutated in place on reset, so holding it is safe. */
  db: Db;
  sessions: SessionStore;
  hub: Hub;
  faults: Faults;
  /** Another school's backend: moved calls, the SMS code length (admin/variant, until a reset). */
  variant: BackendVariant;
  services: CoreServices;
  /** Rebuilds the seed (admin reset). */
  reset(): void;
}

/** The full record of the authenticated user of a request. */
export function me(ctx: Ctx, req: SandboxRequest): UserRecord {
  const u = req.user ? ctx.db.users.find((x) => x.id === req.user!.id) : undefined;
  if (!u) throw unauthorized();
  return u;
}
