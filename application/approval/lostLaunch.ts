/**
 * Launches whose answer was lost (domain/approval/lostLaunch.ts): what is noted of each
 * submission on the device (the ids 已发起 showed before it was first sent; when its
 * answer was first lost), and the look in 已发起 before it is sent again. Kept per user
 * like the hand-off's sessions, so a reload between the lost answer and the retry still
 * looks; forgotten once the launch is settled.
 */
import { INITIATED_TAB, isLostLaunch, newLaunchAmong } from '../../domain/approval';
import { buildApprovalListQuery } from '../../domain/approval/query';
import { isRecord } from '../../domain/shared/guards';
import type { KeyValueStorage } from '../ports/runtime';
import type { FlowSession } from './handoff';
import type { ApprovalApi } from './ports';

export interface LaunchNotes {
  /** 已发起's newest runs of the flow before the first attempt. */
  readonly known?: readonly string[];
  /** The first attempt has started: what is learnt of 已发起 after it is no baseline. */
  readonly attempted?: boolean;
  /** When the first attempt whose answer was lost started (the phone's clock). */
  readonly lostSince?: number;
}

export interface LostLaunches {
  notes(submissionId: string): LaunchNotes | null;
  note(submissionId: string, patch: LaunchNotes): void;
  settled(submissionId: string): void;
}

const KEPT = 20;

const readNotes = (v: unknown): LaunchNotes | null => {
  if (!isRecord(v)) return null;
  return {
    ...(Array.isArray(v.known) ? { known: v.known.filter((x): x is string => typeof x === 'string') } : {}),
    ...(v.attempted === true ? { attempted: true } : {}),
    ...(typeof v.lostSince === 'number' ? { lostSince: v.lostSince } : {}),
  };
};

/** The notes as stored; unreadable entries are dropped. */
const parseNotes = (raw: string | null): Array<[string, LaunchNotes]> => {
  try {
    const v = JSON.parse(raw ?? '[]') as unknown;
    if (!Array.isArray(v)) return [];
    return v.flatMap((e: unknown) => {
      if (!Array.isArray(e) || typeof e[0] !== 'string') return [];
      const notes = readNotes(e[1]);
      return notes ? [[e[0], notes] as [string, LaunchNotes]] : [];
    });
  } catch {
    return [];
  }
};

export function lostLaunchesIn(storage: KeyValueStorage, key: string): LostLaunches {
  // Read from storage each time (another tab of the app may have noted a launch), parsed
  // again only when the stored text changed.
  let last: { raw: string | null; all: Array<[string, LaunchNotes]> } | null = null;
  const read = (): Array<[string, LaunchNotes]> => {
    const raw = storage.get(key);
    if (last === null || last.raw !== raw) last = { raw, all: parseNotes(raw) };
    return last.all;
  };
  const write = (all: Array<[string, LaunchNotes]>): void => {
    if (all.length === 0) storage.remove(key);
    else storage.set(key, JSON.stringify(all.slice(-KEPT)));
  };
  return {
    notes: (id) => read().find(([k]) => k === id)?.[1] ?? null,
    note: (id, patch) => {
      const all = read();
      const current = all.find(([k]) => k === id)?.[1] ?? {};
      write([...all.filter(([k]) => k !== id), [id, { ...current, ...patch }]]);
    },
    settled: (id) => {
      const all = read();
      if (all.some(([k]) => k === id)) write(all.filter(([k]) => k !== id));
    },
  };
}

const launchedPage = async (api: ApprovalApi, session: FlowSession) => {
  const query = buildApprovalListQuery({ titleOrNumber: session.title }, INITIATED_TAB, 1);
  return query.ok ? (await api.list(query.value)).items : [];
};

/** Notes on their way, by submission: the first attempt waits a moment for its note. */
const noting = new Map<string, Promise<void>>();

/** How long the first attempt waits for a note still on its way (a quick tap on a slow network). */
export const NOTE_WAIT_MS = 3_000;

/**
 * Notes which runs of the flow 已发起 shows before the launch is first sent (when the
 * chooser opens). The first attempt waits up to NOTE_WAIT_MS for it; an answer that
 * comes after the first attempt started is no baseline and is dropped; a failure leaves
 * the time rule to decide.
 */
export function noteLaunched(api: ApprovalApi, session: FlowSession, id: string, launches: LostLaunches): Promise<void> {
  if (launches.notes(id)) return Promise.resolve();
  const running = noting.get(id);
  if (running) return running;
  const p = (async () => {
    try {
      const items = await launchedPage(api, session);
      if (launches.notes(id)?.attempted) return;
      launches.note(id, { known: items.map((i) => i.id) });
    } catch {
      // No baseline: the time rule decides.
    } finally {
      noting.delete(id);
    }
  })();
  noting.set(id, p);
  return p;
}

/** Before the first attempt: the note of 已发起 if it is still on its way, for at most `ms`. */
export async function noteSettled(id: string, ms: number = NOTE_WAIT_MS): Promise<void> {
  const running = noting.get(id);
  if (!running) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([running, new Promise<void>((r) => (timer = setTimeout(r, ms)))]);
  clearTimeout(timer);
}

/** The run a lost launch made, looked for in 已发起; null when it is not there. */
export async function findLostLaunch(api: ApprovalApi, session: FlowSession, notes: LaunchNotes, nowMs: number): Promise<string | null> {
  const items = await launchedPage(api, session);
  if (notes.known) return newLaunchAmong(items, notes.known, session.title);
  const since = notes.lostSince ?? nowMs;
  return items.find((item) => isLostLaunch(item, session.title, since, nowMs))?.id ?? null;
}
