import { Button, Dialog, List, Switch } from 'antd-mobile';
import { useUnit } from 'effector-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { editPhonePath, securityPath } from '../../application/account/routes';
import { settingsScreen } from '../../application/shell/settingsModel';
import {
  accountCancellationText,
  ACCOUNT_SECURITY,
  CANCEL_ACCOUNT,
  CHANGE_PASSWORD,
  CHANGE_PHONE,
  LARGE_TEXT,
  LARGE_TEXT_HINT,
  LOGOUT,
  VIBRATION_REMINDER,
} from '../../domain/account/messages';
import { useScreenModel } from '../shared/screenModel';
import { useCurrentUser } from '../shared/session';
import { CALL_SUPPORT, GOT_IT } from './strings';

/**
 * Settings and privacy (SPEC point 2, "Account and security"): 账号与安全 (修改密码 and
 * 更换手机号 through the security verification, for every user type: where people look
 * for them, and the only way in for type 4, which has no profile page), 大字模式, the
 * vibration-reminder switch only inside the native shell, 注销账号 (by the support phone,
 * reply within 24 hours) and 退出登录, which clears the session, this user's drafts and
 * search history. What they do is the model's (application/shell/settingsModel.ts); the
 * 注销账号 sheet is only words and the phone's dialler.
 */
export function SettingsPage() {
  const model = useScreenModel(settingsScreen, undefined);
  const user = useCurrentUser();
  const [, navigate] = useLocation();
  const [inShell, phone, vibration, largeText, leaving] = useUnit([
    model.$inShell,
    model.$supportPhone,
    model.$vibration,
    model.$largeText,
    model.$leaving,
  ]);
  const on = useUnit({
    vibrationToggled: model.vibrationToggled,
    largeTextToggled: model.largeTextToggled,
    logoutRequested: model.logoutRequested,
  });
  const [cancelShown, setCancelShown] = useState(false);

  return (
    <div className="cw-settings">
      <List mode="card" header={ACCOUNT_SECURITY}>
        <List.Item onClick={() => navigate(securityPath(1, user?.userType))}>{CHANGE_PASSWORD}</List.Item>
        <List.Item onClick={() => navigate(editPhonePath(user?.phoneNum, user?.userType))}>{CHANGE_PHONE}</List.Item>
      </List>
      <List mode="card">
        <List.Item
          description={LARGE_TEXT_HINT}
          extra={<Switch checked={largeText} aria-label={LARGE_TEXT} onChange={(checked) => void on.largeTextToggled(checked)} />}
        >
          {LARGE_TEXT}
        </List.Item>
        {inShell ? (
          <List.Item extra={<Switch checked={vibration} aria-label={VIBRATION_REMINDER} onChange={(checked) => void on.vibrationToggled(checked)} />}>{VIBRATION_REMINDER}</List.Item>
        ) : null}
        <List.Item onClick={() => setCancelShown(true)}>{CANCEL_ACCOUNT}</List.Item>
      </List>
      <div className="cw-settings__logout">
        <Button block size="large" shape="rounded" color="danger" fill="outline" loading={leaving} onClick={() => on.logoutRequested()}>
          {LOGOUT}
        </Button>
      </div>
      <Dialog
        visible={cancelShown}
        title={CANCEL_ACCOUNT}
        content={<CancellationText phone={phone} />}
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

/** The 注销账号 words with the support number kept whole: a number broken across lines is misdialled. */
function CancellationText({ phone }: { phone: string }) {
  const [before = '', after = ''] = accountCancellationText('\u0000').split('\u0000');
  return (
    <>
      {before}
      <span className="cw-nowrap">{phone}</span>
      {after}
    </>
  );
}
