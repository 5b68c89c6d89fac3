import { Button, Input, Popup } from 'antd-mobile';
import { ScanningOutline } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { loginScreen } from '../../application/session/loginModel';
import { SCHOOL_CODE_REQUIRED } from '../../domain/account/messages';
import { BIND_SCHOOL_TITLE } from '../../domain/session/messages';
import { useScreenModel } from '../shared/screenModel';
import { BIND_CONFIRM, BIND_SCHOOL_HINT, SCAN_CODE, SCHOOL_CODE_LABEL } from './strings';

/**
 * School binding (SPEC point 2 "Login", point 5): scan (native scanner in the shell,
 * the scanner page in a browser) or type the code. Messages: 请输入识别码, 识别码无效 or
 * the server's Msg, and 请使用小渔未来校园App for a non-web project outside the shell.
 * The login page's model (application/session/loginModel.ts) does the binding.
 */
export function BindSchoolPopup() {
  const model = useScreenModel(loginScreen, undefined);
  const [visible, code, busy] = useUnit([model.$bindOpen, model.$code, model.$binding]);
  const on = useUnit({ closed: model.bindClosed, codeChanged: model.codeChanged, submitted: model.bindSubmitted, scanRequested: model.scanRequested });

  return (
    <Popup visible={visible} onMaskClick={on.closed} onClose={on.closed} showCloseButton bodyClassName="cw-bind" destroyOnClose>
      <form
        className="cw-bind__form"
        aria-label={BIND_SCHOOL_TITLE}
        onSubmit={(e) => {
          e.preventDefault();
          on.submitted();
        }}
      >
        <h2 className="cw-bind__title">{BIND_SCHOOL_TITLE}</h2>
        <p className="cw-bind__hint">{BIND_SCHOOL_HINT}</p>
        <div className="cw-field">
          <Input
            aria-label={SCHOOL_CODE_LABEL}
            placeholder={SCHOOL_CODE_REQUIRED}
            value={code}
            onChange={on.codeChanged}
            clearable
            autoComplete="off"
            enterKeyHint="done"
          />
        </div>
        <Button block color="primary" size="large" shape="rounded" type="submit" loading={busy} disabled={busy}>
          {BIND_CONFIRM}
        </Button>
        <Button block fill="none" size="middle" className="cw-bind__scan" onClick={() => on.scanRequested()} disabled={busy}>
          <ScanningOutline /> {SCAN_CODE}
        </Button>
      </form>
    </Popup>
  );
}
