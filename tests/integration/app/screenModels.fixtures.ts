/**
 * Fakes the screen-model tests share: a notifier that records what the user was told
 * (and answers confirms as asked), and a navigator that records where the app went.
 */
import { vi } from 'vitest';
import type { Navigator, Notifier } from '../../../application/ports/runtime';

export type RecordingNotifier = Notifier & { readonly said: string[]; confirms: boolean[] };

/** `said` holds 'ok:…', 'fail:…', 'info:…' and 'confirm:…' in order; confirms answer `yes` unless `confirms` says otherwise. */
export function recordingNotifier(yes = true): RecordingNotifier {
  const said: string[] = [];
  const n: RecordingNotifier = {
    said,
    confirms: [],
    success: (t) => void said.push(`ok:${t}`),
    fail: (t) => void said.push(`fail:${t}`),
    info: (t) => void said.push(`info:${t}`),
    confirm: async ({ title, content }) => {
      said.push(`confirm:${[title, content].filter(Boolean).join(' ')}`);
      return n.confirms.length > 0 ? n.confirms.shift()! : yes;
    },
  };
  return n;
}

export type RecordingNavigator = Required<Navigator> & { readonly gone: string[]; readonly states: unknown[] };

/** `gone` holds every path gone to ('replace:' first when replacing); `leave` and `back` are spies. */
export function recordingNavigator(): RecordingNavigator {
  const gone: string[] = [];
  const states: unknown[] = [];
  return {
    gone,
    states,
    go: (path, opts) => {
      gone.push(opts?.replace ? `replace:${path}` : path);
      states.push(opts?.state);
    },
    back: vi.fn(),
    leave: vi.fn(),
    returnTo: vi.fn(),
    reload: vi.fn(),
    current: () => gone.at(-1) ?? '/',
  };
}
