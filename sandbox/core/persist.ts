import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { DB_VERSION, type Db, type Sessions } from './db';

export interface Snapshot {
  db: Db;
  sessions: Sessions;
}

/** Reads a persisted snapshot; null when absent, unreadable or of another version. */
export function loadSnapshot(file: string): Snapshot | null {
  if (!existsSync(file)) return null;
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Snapshot>;
    if (!parsed.db || parsed.db.version !== DB_VERSION) return null;
    return { db: parsed.db, sessions: parsed.sessions ?? { access: {}, refresh: {} } };
  } catch {
    return null;
  }
}

/** Writes temp-then-rename so a crash never leaves half a file. */
export function writeSnapshot(file: string, snap: Snapshot): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(snap));
  renameSync(tmp, file);
}

/** Debounces saves: many mutations in one burst cost one write. */
export class Persister {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly file: string | null,
    private readonly snapshot: () => Snapshot,
    private readonly delayMs = 150,
    private readonly onError: (e: unknown) => void = () => {},
  ) {}

  schedule(): void {
    if (!this.file || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
    }, this.delayMs);
    this.timer.unref?.();
  }

  flush(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (!this.file) return;
    try {
      writeSnapshot(this.file, this.snapshot());
    } catch (e) {
      this.onError(e);
    }
  }
}
