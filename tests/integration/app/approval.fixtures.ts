/**
 * Fakes the approval screen models' tests share: a notifier that records what the user
 * is told (and answers confirms as the test says), and a navigator that records where
 * the model went.
 */
import { vi } from 'vitest';
import type { LeavingNavigator } from '../../../application/shared/navigation';
import type { Notifier } from '../../../application/ports/runtime';

export interface RecordingNotifier extends Notifier {
  /** What the user was told, as `ok:…`, `fail:…`, `info:…`. */
  readonly said: string[];
  readonly confirms: Array<{ title: string; content?: string }>;
  confirmAnswer: boolean;
}

export const recordingNotifier = (confirmAnswer = true): RecordingNotifier => {
  const said: string[] = [];
  const confirms: Array<{ title: string; content?: string }> = [];
  const n: RecordingNotifier = {
    said,
    confirms,
    confirmAnswer,
    success: (t) => void said.push(`ok:${t}`),
    fail: (t) => void said.push(`fail:${t}`),
    info: (t) => void said.push(`info:${t}`),
    confirm: async (o) => {
      confirms.push({ title: o.title, content: o.content });
      return n.confirmAnswer;
    },
  };
  return n;
};

export const recordingNavigator = () => ({ go: vi.fn(), leave: vi.fn(), returnTo: vi.fn() }) satisfies LeavingNavigator;
