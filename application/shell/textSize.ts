/**
 * The app's text size (domain/shell/textSize.ts), built once by the composition root:
 * the user's 大字模式, kept per user on the device like the vibration setting, and the
 * system text size the native shell reports. Whenever either or the user changes, the
 * scale is applied (a CSS variable, presentation/shared/theme.css).
 */
import { combine, createEffect, createEvent, createStore, sample, type Store } from 'effector';
import { textScale } from '../../domain/shell/textSize';
import type { KeyValueStorage } from '../ports/runtime';
import { token } from '../ports/token';

export const largeTextKey = (userId: string): string => `campus.largeText.${userId}`;

export interface TextSizeDeps {
  readonly $userId: Store<string | null>;
  readonly storage: KeyValueStorage;
  /** Draws the app's text at this scale (1 is normal). */
  readonly apply: (scale: number) => void;
}

export function createTextSize(deps: TextSizeDeps) {
  /** The settings switch. */
  const largeTextToggled = createEvent<boolean>();
  /** The shell's report of the system text size. */
  const systemScaleReported = createEvent<number>();

  const read = (userId: string | null): boolean => userId !== null && deps.storage.get(largeTextKey(userId)) === 'on';
  const $largeText = createStore(read(deps.$userId.getState()), { serialize: 'ignore' })
    .on(deps.$userId.updates, (_, userId) => read(userId))
    .on(largeTextToggled, (_, on) => on);
  const $system = createStore(1, { serialize: 'ignore' }).on(systemScaleReported, (_, scale) => scale);

  sample({
    clock: largeTextToggled,
    source: deps.$userId,
    filter: (userId): userId is string => userId !== null,
    fn: (userId, on) => ({ userId: userId!, on }),
    target: createEffect(({ userId, on }: { userId: string; on: boolean }) => deps.storage.set(largeTextKey(userId), on ? 'on' : 'off')),
  });

  const $scale = combine($system, $largeText, textScale);
  const applyFx = createEffect(deps.apply);
  sample({ clock: $scale, target: applyFx });
  deps.apply($scale.getState());

  return { $largeText, $scale, largeTextToggled, systemScaleReported };
}

export type TextSize = ReturnType<typeof createTextSize>;

/** The app's one text size (composition/container.ts binds it; 设置 shows its switch). */
export const TEXT_SIZE = token<TextSize>('TextSize');
