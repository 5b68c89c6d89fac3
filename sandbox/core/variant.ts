/**
 * Another school's backend, for tests (POST /sandbox/admin/variant, docs/sandbox.md): the
 * calls the spec leaves unnamed answer at other paths (config.json `calls` on the client
 * follows them), and SMS codes have another number of digits. Until the next reset.
 *
 * A move `{ from, to }` serves the route at `from` under `to` instead: a request for `to`
 * runs the route of `from`, and `from` itself answers 404 as on a backend that never had
 * it. `:name` segments carry over (`/a/:id` -> `/b/:id/x`). Paths compare without regard
 * to case, as the router's do.
 */

export interface Move {
  readonly from: string;
  readonly to: string;
}

export interface VariantSpec {
  readonly moves?: readonly Move[];
  /** Digits of every SMS code sent (the decided 6 by default). */
  readonly smsCodeLength?: number;
  /** A backend that knows nothing of Idempotency-Key: every repeat runs again (docs/api.md "Idempotent writes"). */
  readonly ignoresIdempotencyKey?: boolean;
}

export const DEFAULT_SMS_CODE_LENGTH = 6;

const segments = (path: string): string[] => path.split('/').filter((s) => s.length > 0);

/** The `:name` values of `path` under `pattern`, or null when it does not match. */
function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = segments(pattern);
  const got = segments(path);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    if (w.startsWith(':')) params[w.slice(1)] = got[i]!;
    else if (w.toLowerCase() !== got[i]!.toLowerCase()) return null;
  }
  return params;
}

const fill = (pattern: string, params: Record<string, string>): string =>
  `/${segments(pattern)
    .map((s) => (s.startsWith(':') ? (params[s.slice(1)] ?? s) : s))
    .join('/')}`;

export class BackendVariant {
  private moves: Move[] = [];
  private codeLength = DEFAULT_SMS_CODE_LENGTH;
  private noIdempotency = false;

  set(spec: VariantSpec): void {
    if (spec.moves !== undefined) this.moves = spec.moves.map((m) => ({ from: m.from, to: m.to }));
    if (spec.smsCodeLength !== undefined) this.codeLength = spec.smsCodeLength;
    if (spec.ignoresIdempotencyKey !== undefined) this.noIdempotency = spec.ignoresIdempotencyKey;
  }

  clear(): void {
    this.moves = [];
    this.codeLength = DEFAULT_SMS_CODE_LENGTH;
    this.noIdempotency = false;
  }

  get ignoresIdempotencyKey(): boolean {
    return this.noIdempotency;
  }

  get smsCodeLength(): number {
    return this.codeLength;
  }

  /** The path whose route answers a request for `pathname`; null when the call moved away from it (404). */
  route(pathname: string): string | null {
    for (const m of this.moves) {
      const params = matchPattern(m.to, pathname);
      if (params) return fill(m.from, params);
    }
    return this.moves.some((m) => matchPattern(m.from, pathname) !== null) ? null : pathname;
  }

  describe(): { moves: Move[]; smsCodeLength: number; ignoresIdempotencyKey: boolean } {
    return { moves: this.moves.map((m) => ({ ...m })), smsCodeLength: this.codeLength, ignoresIdempotencyKey: this.noIdempotency };
  }
}
