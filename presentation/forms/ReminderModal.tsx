import { Modal } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { fillMessage, REMINDER_DEFAULT_CLOSE, REMINDER_DEFAULT_TITLE } from '../../domain/forms/messages';
import { useGateShown } from '../shared/gateShown';
import { useEngine } from './FormContext';
import { useMetaValue } from './FormNodes';
import { COUNTDOWN } from './strings';

const seconds = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.ceil(n) : 0);

/**
 * The initial reminder (SPEC point 3, 9): title (default 提示), content, a countdown in
 * seconds before the close button enables, closeText (default 关闭) in closeColor.
 */
export function ReminderModal() {
  const engine = useEngine();
  const wanted = useMetaValue((m) => m.reminderOpen);
  // Opened (and counting down) only once the page is on screen, not under the gate.
  const shown = useGateShown();
  const open = wanted && shown;
  const reminder = engine.definition.initialReminder;
  const [left, setLeft] = useState(() => seconds(reminder?.countdown));
  useEffect(() => {
    if (!open || left <= 0) return;
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [open, left]);
  if (!reminder) return null;
  const closeText = reminder.closeText || REMINDER_DEFAULT_CLOSE;
  return (
    <Modal
      visible={open}
      title={reminder.title || REMINDER_DEFAULT_TITLE}
      content={<div className="cw-fm-reminder__content">{reminder.content}</div>}
      closeOnMaskClick={false}
      actions={[
        {
          key: 'close',
          text: left > 0 ? fillMessage(COUNTDOWN, { text: closeText, n: left }) : closeText,
          disabled: left > 0,
          style: reminder.closeColor && left <= 0 ? { color: reminder.closeColor } : undefined,
          onClick: () => engine.dismissReminder(),
        },
      ]}
    />
  );
}
