import { Button, Form, Input, Toast } from 'antd-mobile';
import { InformationCircleOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { ACCOUNT_API, type AccountApi } from '../../application/account/ports';
import { changePassword, loadPasswordPolicy } from '../../application/account/useCases';
import { ApiError } from '../../application/ports/errors';
import type { PasswordHasher } from '../../application/ports/passwordHasher';
import type { Navigator } from '../../application/ports/runtime';
import { NAVIGATOR, PASSWORD_HASHER } from '../../application/ports/tokens';
import { CONFIRM_CHANGE, ENTER_NEW_PASSWORD, ENTER_OLD_PASSWORD } from '../../domain/account/messages';
import { PASSWORD_MAX_LENGTH, passwordPolicyHint } from '../../domain/account/password';
import type { ChangePasswordForm, PasswordPolicy } from '../../domain/account/types';
import { useInjection } from '../shared/di';
import { CONFIRM_PASSWORD_PLACEHOLDER, LABEL_CONFIRM_PASSWORD, LABEL_NEW_PASSWORD, LABEL_OLD_PASSWORD } from './strings';
import './account.css';

/**
 * page/editPassword (SPEC point 2, point 5 "Change password"): old, new and confirm,
 * the school's policy as a hint (登录密码由{digits}-32位， 包含…组成) and its messages,
 * 确认修改; both passwords travel hashed; 修改成功 and back.
 */
export function EditPasswordPage() {
  const api = useInjection<AccountApi>(ACCOUNT_API);
  const hasher = useInjection<PasswordHasher>(PASSWORD_HASHER);
  const navigator = useInjection<Navigator>(NAVIGATOR);
  const [policy, setPolicy] = useState<PasswordPolicy | null>(null);
  const [form, setForm] = useState<ChangePasswordForm>({ oldPassword: '', newPassword: '', confirmPassword: '' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const ac = new AbortController();
    loadPasswordPolicy({ api }, { signal: ac.signal }).then(
      (p) => !ac.signal.aborted && setPolicy(p),
      (e: unknown) => {
        if (!(e instanceof ApiError && e.cancelled)) console.warn('[account] password policy', e);
      },
    );
    return () => ac.abort();
  }, [api]);

  const set = (key: keyof ChangePasswordForm) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const submit = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const outcome = await changePassword({ api, hasher }, form, policy);
      if (outcome.ok) {
        Toast.show({ icon: 'success', content: outcome.toast });
        navigator.back();
      } else {
        Toast.show({ icon: 'fail', content: outcome.message });
      }
    } finally {
      setBusy(false);
    }
  };

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
        <Button block color="primary" shape="rounded" size="large" loading={busy} disabled={busy} onClick={() => void submit()}>
          {CONFIRM_CHANGE}
        </Button>
      </div>
    </div>
  );
}
