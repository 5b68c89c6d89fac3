import type { BrokenAnswer } from './brokenAnswers';

/**
 * Injected failures for browser tests: the next `times` requests whose path (with
 * query) contains `path` answer `status` after `delayMs`, or are only delayed when
 * no status is given; with `answer`, the route runs and its answer is broken that way
 * (core/brokenAnswers.ts).
 */
export interface FaultSpec {
  answer?: BrokenAnswer;
  path: string;
  status?: number;
  times?: number;
  delayMs?: number;
  method?: string;
  message?: string;
}

interface Fault extends FaultSpec {
  id: number;
  remaining: number;
}

export class Faults {
  private list: Fault[] = [];
  private seq = 0;

  add(spec: FaultSpec): Fault {
    const times = spec.times === undefined ? 1 : spec.times;
    const f: Fault = { ...spec, id: ++this.seq, remaining: times < 0 ? Infinity : times };
    this.list.push(f);
    return f;
  }

  /** Consumes one use of the first matching fault. */
  take(method: string, url: string): Fault | null {
    const f = this.list.find(
      (x) => x.remaining > 0 && url.includes(x.path) && (!x.method || x.method.toUpperCase() === method.toUpperCase()),
    );
    if (!f) return null;
    f.remaining -= 1;
    if (f.remaining <= 0) this.list = this.list.filter((x) => x !== f);
    return f;
  }

  clear(): void {
    this.list = [];
  }

  active(): { id: number; path: string; status?: number; delayMs?: number; method?: string; answer?: BrokenAnswer; remaining: number | 'unlimited' }[] {
    return this.list.map((f) => ({
      id: f.id,
      path: f.path,
      status: f.status,
      delayMs: f.delayMs,
      method: f.method,
      ...(f.answer ? { answer: f.answer } : {}),
      remaining: f.remaining === Infinity ? 'unlimited' : f.remaining,
    }));
  }
}
