import { Button } from 'antd-mobile';
import { useUnit } from 'effector-react';
import { useSearch } from 'wouter';
import { selectNodeScreen } from '../../application/approval';
import { CONFIRM_SUBMIT } from '../../domain/approval';
import { ErrorState } from '../shared/ErrorState';
import { useBack } from '../shared/navigation';
import { useScreenModel } from '../shared/screenModel';
import { useCurrentUser } from '../shared/session';
import { BACK } from '../shared/strings';
import { NextStepChooser } from './NextStepChooser';
import { SESSION_GONE } from './strings';
import './approval.css';

/**
 * page/approvalCenter/flowLaunch/selectNode (SPEC point 2 "Next-step chooser"): the
 * chooser over the next nodes the launch page (flowLaunchType 0) or the detail page's
 * submit (1) asked for, and 确认提交. A missing approver shows on the chooser and blocks
 * the call; success shows 操作成功, clears the state and goes back 3 (launch) or 2.
 * Everything it does is its model's (application/approval/selectNodeModel.ts).
 */
export function SelectNodePage() {
  const back = useBack();
  const userId = useCurrentUser()?.id ?? '';
  const flowLaunchType = new URLSearchParams(useSearch()).get('flowLaunchType');
  const model = useScreenModel(selectNodeScreen, { userId, flowLaunchType });
  const [selection, error, busy] = useUnit([model.$selection, model.$error, model.$busy]);
  const [selectionChanged, submitted] = useUnit([model.selectionChanged, model.submitted]);
  const session = model.session;

  if (!session || !selection) {
    return <ErrorState title={SESSION_GONE} status="empty" fullPage actionText={BACK} onAction={back} />;
  }

  return (
    <div className="cw-ap-page cw-ap-page--footer">
      {session.title ? <p className="cw-ap-page__lead">{session.title}</p> : null}
      <NextStepChooser data={session.next} selection={selection} onChange={selectionChanged} scope={model.scope} error={error} />
      <footer className="cw-ap-footer">
        <Button block color="primary" shape="rounded" loading={busy} loadingText={CONFIRM_SUBMIT} disabled={busy} onClick={() => void submitted()}>
          {CONFIRM_SUBMIT}
        </Button>
      </footer>
    </div>
  );
}
