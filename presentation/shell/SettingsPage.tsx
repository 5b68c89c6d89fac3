import { Button, Dialog, List, Switch } from 'antd-mobile';
import { useUnit } from 'effector-react';
import { useEffect, useState } from 'react';
import type { Notifier, RuntimeConfig } from '../../application/ports/runtime';
import type { NativeShell } from '../../application/ports/shell';
import { NATIVE_SHELL, NOTIFIER, RUNTIME_CONFIG } from '../../application/ports/tokens';
import { setVibration, vibrationEnabled } from '../../application/shell/useCases';
import { accountCancellationText, CANCEL_ACCOUNT, LOGOUT, VIBRATION_REMINDER } from '../../domain/account/messages';
import { DIALOG_TIP_TITLE } from '../../domain/shared/messages';
import { useInjection } from '../shared/di';
import { useSessionModel } from '../shared/session';
import { CALL_SUPPORT, GOT_IT, LOGOUT_CONFIRM } from './strings';

/**
 * Settings and privacy (SPEC point 2, "Account and security"): 注销账号 (by the support
 * phone, reply within 24 hours), the vibration-reminder switch only inside the native
 * shell, and 退出登录, which clears the session, this user's drafts and search history.
 */
export function SettingsPage() {
  const model = useSessionModel();
  const user = useUnit(model.$user);
  const shell = useInjection<NativeShell>(NATIVE_SHELL);
  const notifier = useInjection<Notifier>(NOTIFIER);
  const config = useInjection<RuntimeConfig>(RUNTIME_CONFIG);
  const inShell = shell.isInShell();
  const [vibration, setVibrationState] = useState(() => vibrationEnabled(user?.setting));
  const [leaving, setLeaving] = useState(false);

  // The shell reports the setting on load and when it changes natively.
  useEffect(
    () =>
      shell.onMessage((message) => {
        if (message.type === 'vibration') setVibrationState(message.enabled);
      }),
    [shell],
  );

  const cancelAccount = () => {
    const phone = config.supportPhone;
    void Dialog.show({
      title: CANCEL_ACCOUNT,
      content: accountCancellationText(phone),
      closeOnAction: true,
      actions: [
        ...(phone ? [{ key: 'call', text: CALL_SUPPORT, onClick: () => window.location.assign(`tel:${phone.replace(/[^\d+]/g, '')}`) }] : []),
        { key: 'ok', text: GOT_IT, bold: true },
      ],
    });
  };

  const logout = async () => {
    const confirmed = await notifier.confirm({ title: DIALOG_TIP_TITLE, content: LOGOUT_CONFIRM });
    if (!confirmed) return;
    setLeaving(true);
    try {
      await model.logoutFx(user?.id ?? null);
    } finally {
      setLeaving(false);
    }
  };

  return (
    <div className="cw-settings">
      <List mode="card">
        <List.Item onClick={cancelAccount}>{CANCEL_ACCOUNT}</List.Item>
        {inShell ? (
          <List.Item
            extra={
              <Switch
                checked={vibration}
                aria-label={VIBRATION_REMINDER}
                onChange={(on) => {
                  if (setVibration(shell, on)) setVibrationState(on);
                }}
              />
            }
          >
            {VIBRATION_REMINDER}
          </List.Item>
        ) : null}
      </List>
      <div className="cw-settings__logout">
        <Button block size="large" shape="rounded" color="danger" fill="outline" loading={leaving} onClick={() => void logout()}>
          {LOGOUT}
        </Button>
      </div>
    </div>
  );
}
