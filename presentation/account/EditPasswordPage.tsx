import { Button, Form, Input } from 'antd-mobile';
import { InformationCircleOutline } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { passwordScreen } from '../../application/account/passwordModel';
import { CONFIRM_CHANGE, ENTER_NEW_PASSWORD, ENTER_OLD_PASSWORD } from '../../domain/account/messages';
import { PASSWORD_MAX_LENGTH, passwordPolicyHint } from '../../domain/account/password';
import type { ChangePasswordForm } from '../../domain/account/types';
import { useScreenModel } from '../shared/screenModel';
import { CONFIRM_PASSWORD_PLACEHOLDER, LABEL_CONFIRM_PASSWORD, LABEL_NEW_PASSWORD, LABEL_OLD_PASSWORD } from './strings';
import './account.css';

/**
 * page/editPassword (SPEC point 2, point 5 "Change password"): old, new and confirm,
 * the school's policy as a hint (登录密码由{digits}-32位， 包含…组成) and its messages,
 * 确认修改; both passwords travel hashed; 修改成功 and back. Everything it does is its
 * model's (application/account/passwordModel.ts).
 */
export function EditPasswordPage() {
  const model = useScreenModel(passwordScreen, undefined);
  const [policy, form, busy] = useUnit([model.$policy, model.$form, model.$busy]);
  const [fieldChanged, submitted] = useUnit([model.fieldChanged, model.submitted]);


  const set = (key: keyof ChangePasswordForm) => (value: string) => fieldChanged({ key, value });

  const field = (key: keyof ChangePasswordForm, label: string, placeholder: string) => (
    <Form.Item label={label}>
      <Input
        type="password"
        aria-label={label}
        placeholder={placeholder}
        value={form[key]}
        onChange={set(key)}
        maxLength={PASSWORD_MAX_LENGTH}
        clearable
        autoComplete={key === 'oldPassword' ? 'current-password' : 'new-password'}
      />
    </Form.Item>
  );

  return (
    <div className="cw-acc cw-edit-password">
      <Form layout="horizontal" mode="card" className="cw-acc-form">
        {field('oldPassword', LABEL_OLD_PASSWORD, ENTER_OLD_PASSWORD)}
        {field('newPassword', LABEL_NEW_PASSWORD, ENTER_NEW_PASSWORD)}
        {field('confirmPassword', LABEL_CONFIRM_PASSWORD, CONFIRM_PASSWORD_PLACEHOLDER)}
      </Form>
      {policy ? (
        <p className="cw-acc-note" role="note">
          <InformationCircleOutline />
          <span>{passwordPolicyHint(policy)}</span>
        </p>
      ) : null}
      <div className="cw-acc-actions">
        <Button block color="primary" shape="rounded" size="large" loading={busy} disabled={busy} onClick={() => submitted()}>
          {CONFIRM_CHANGE}
        </Button>
      </div>
    </div>
  );
}
