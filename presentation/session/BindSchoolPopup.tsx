import { Button, Input, Popup } from 'antd-mobile';
import { ScanningOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { NativeShell } from '../../application/ports/shell';
import { NATIVE_SHELL } from '../../application/ports/tokens';
import { scanSchoolCode, type BindSchoolOutcome } from '../../application/session/useCases';
import { SCHOOL_CODE_REQUIRED } from '../../domain/account/messages';
import { useInjection } from '../shared/di';
import { useSessionModel } from '../shared/session';
import { showToast } from '../shared/toast';
import { BIND_CONFIRM, BIND_SCHOOL_HINT, BIND_SCHOOL_TITLE, SCAN_CODE, SCHOOL_CODE_LABEL } from './strings';

export interface BindSchoolPopupProps {
  visible: boolean;
  onClose: () => void;
  onBound: (outcome: BindSchoolOutcome) => void;
}

/** Where the scanner page returns outside the shell: /login?code=<scanned text>. */
export const SCANNER_FOR_SCHOOL = `/scanner?${new URLSearchParams({ redirect: '/login', modalTitle: BIND_SCHOOL_TITLE, modalContent: SCHOOL_CODE_REQUIRED }).toString()}`;

/**
 * School binding (SPEC point 2 "Login", point 5): scan (native scanner in the shell,
 * the scanner page in a browser) or type the code. Messages: 请输入识别码, 识别码无效 or
 * the server's Msg, and 请使用小渔未来校园App for a non-web project outside the shell.
 */
export function BindSchoolPopup({ visible, onClose, onBound }: BindSchoolPopupProps) {
  const model = useSessionModel();
  const shell = useInjection<NativeShell>(NATIVE_SHELL);
  const [, navigate] = useLocation();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!visible) setBusy(false);
  }, [visible]);

  const bind = async (value: string) => {
    setBusy(true);
    try {
      const result = await model.bindSchoolFx(value);
      if (result.ok) onBound(result.value);
      else showToast(result.error);
    } catch {
      // Cancelled: the page went away.
    } finally {
      setBusy(false);
    }
  };

  const scan = async () => {
    if (!shell.isInShell()) {
      navigate(SCANNER_FOR_SCHOOL);
      return;
    }
    const scanned = await scanSchoolCode(shell);
    if (scanned !== null) {
      setCode(scanned);
      await bind(scanned);
    }
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      showCloseButton
      bodyClassName="cw-bind"
      destroyOnClose
    >
      <form
        className="cw-bind__form"
        aria-label={BIND_SCHOOL_TITLE}
        onSubmit={(e) => {
          e.preventDefault();
          void bind(code);
        }}
      >
        <h2 className="cw-bind__title">{BIND_SCHOOL_TITLE}</h2>
        <p className="cw-bind__hint">{BIND_SCHOOL_HINT}</p>
        <div className="cw-field">
          <Input
            aria-label={SCHOOL_CODE_LABEL}
            placeholder={SCHOOL_CODE_REQUIRED}
            value={code}
            onChange={setCode}
            clearable
            autoComplete="off"
            enterKeyHint="done"
          />
        </div>
        <Button block color="primary" size="large" shape="rounded" type="submit" loading={busy} disabled={busy}>
          {BIND_CONFIRM}
        </Button>
        <Button block fill="none" size="middle" className="cw-bind__scan" onClick={() => void scan()} disabled={busy}>
          <ScanningOutline /> {SCAN_CODE}
        </Button>
      </form>
    </Popup>
  );
}
