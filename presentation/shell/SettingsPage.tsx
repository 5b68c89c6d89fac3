import { Button, Dialog, List, Switch } from 'antd-mobile';
import { useUnit } from 'effector-react';
import { useEffect, useState } from 'react';
import { settingsScreen } from '../../application/shell/settingsModel';
import { accountCancellationText, CANCEL_ACCOUNT, LOGOUT, VIBRATION_REMINDER } from '../../domain/account/messages';
import { useScreenModel } from '../shared/screenModel';
import { CALL_SUPPORT, GOT_IT } from './strings';

/**
 * Settings and privacy (SPEC point 2, "Account and security"): 注销账号 (by the support
 * phone, reply within 24 hours), the vibration-reminder switch only inside the native
 * shell, and 退出登录, which clears the session, this user's drafts and search history.
 * What they do is the model's (application/shell/settingsModel.ts); the 注销账号 sheet
 * is only words and the phone's dialler.
 */
export function SettingsPage() {
  const model = useScreenModel(settingsScreen, undefined);
  const [inShell, phone, vibration, leaving] = useUnit([model.$inShell, model.$supportPhone, model.$vibration, model.$leaving]);
  const on = useUnit({ opened: model.opened, vibrationToggled: model.vibrationToggled, logoutRequested: model.logoutRequested });
  const [cancelShown, setCancelShown] = useState(false);

  useEffect(() => {
    on.opened();
  }, [on]);

  return (
    <div className="cw-settings">
      <List mode="card">
        <List.Item onClick={() => setCancelShown(true)}>{CANCEL_ACCOUNT}</List.Item>
        {inShell ? (
          <List.Item extra={<Switch checked={vibration} aria-label={VIBRATION_REMINDER} onChange={(checked) => void on.vibrationToggled(checked)} />}>{VIBRATION_REMINDER}</List.Item>
        ) : null}
      </List>
      <div className="cw-settings__logout">
        <Button block size="large" shape="rounded" color="danger" fill="outline" loading={leaving} onClick={() => on.logoutRequested()}>
          {LOGOUT}
        </Button>
      </div>
      <Dialog
        visible={cancelShown}
        title={CANCEL_ACCOUNT}
        content={accountCancellationText(phone)}
        closeOnAction
        onClose={() => setCancelShown(false)}
        actions={[
          ...(phone ? [{ key: 'call', text: CALL_SUPPORT, onClick: () => window.location.assign(`tel:${phone.replace(/[^\d+]/g, '')}`) }] : []),
          { key: 'ok', text: GOT_IT, bold: true },
        ]}
      />
    </div>
  );
}
