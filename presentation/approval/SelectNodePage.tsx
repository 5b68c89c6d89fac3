import { Button, Toast } from 'antd-mobile';
import { useUnit } from 'effector-react';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { nextStepCleared, nextStepScope, submitNodeChoice } from '../../application/approval';
import { APPROVAL_API, type ApprovalApi } from '../../application/approval/ports';
import { clearDraft } from '../../application/forms';
import type { KeyValueStorage, Navigator, Notifier } from '../../application/ports/runtime';
import { KEY_VALUE_STORAGE, NAVIGATOR, NOTIFIER } from '../../application/ports/tokens';
import { asFlowLaunchType, CONFIRM_SUBMIT } from '../../domain/approval';
import { useInjection } from '../shared/di';
import { ErrorState } from '../shared/ErrorState';
import { useBack } from '../shared/navigation';
import { BACK } from '../shared/strings';
import { NextStepChooser } from './NextStepChooser';
import { SESSION_GONE } from './strings';
import { useNextStep } from './useNextStep';
import { useFlowSession, useSessionWriters } from './useSessions';
import './approval.css';

/**
 * page/approvalCenter/flowLaunch/selectNode (SPEC point 2 "Next-step chooser"): the
 * chooser over the next nodes the launch page (flowLaunchType 0) or the detail page's
 * submit (1) asked for, and 确认提交. A missing approver shows on the chooser and blocks
 * the call; success shows 操作成功, clears the state and goes back 3 (launch) or 2.
 */
export function SelectNodePage() {
  const api = useInjection<ApprovalApi>(APPROVAL_API);
  const notifier = useInjection<Notifier>(NOTIFIER);
  const navigator = useInjection<Navigator>(NAVIGATOR);
  const storage = useInjection<KeyValueStorage>(KEY_VALUE_STORAGE);
  const back = useBack();
  const query = new URLSearchParams(useSearch());
  const stored = useFlowSession();
  // The page's query names the kind of submit; a session of the other kind is not this page's.
  const session = stored && stored.flowLaunchType === asFlowLaunchType(query.get('flowLaunchType')) ? stored : null;
  const writers = useSessionWriters();
  const clearChoice = useUnit(nextStepCleared);
  const scope = nextStepScope('node', session ? (session.flowRunPrcsId ?? `launch:${session.code}`) : null);
  const [selection, setSelection] = useNextStep(scope, session?.next ?? null);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!session || !selection) {
    return <ErrorState title={SESSION_GONE} status="empty" fullPage actionText={BACK} onAction={back} />;
  }

  const change = (s: typeof selection) => {
    setError(null);
    setSelection(s);
  };

  const submit = async () => {
    if (submitting) return;
    setSubmitting(true);
    try {
      const outcome = await submitNodeChoice({ api, notifier }, session, selection);
      if (outcome.kind === 'invalid') {
        setError(outcome.message);
        if (outcome.message) Toast.show({ icon: 'fail', content: outcome.message });
        return;
      }
      if (outcome.kind === 'done') {
        if (session.draftKey) clearDraft(storage, session.draftKey);
        clearChoice(scope);
        writers.flow(null);
        navigator.back(outcome.backSteps);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="cw-ap-page cw-ap-page--footer">
      {session.title ? <p className="cw-ap-page__lead">{session.title}</p> : null}
      <NextStepChooser data={session.next} selection={selection} onChange={change} scope={scope} error={error} />
      <footer className="cw-ap-footer">
        <Button block color="primary" shape="rounded" loading={submitting} loadingText={CONFIRM_SUBMIT} disabled={submitting} onClick={() => void submit()}>
          {CONFIRM_SUBMIT}
        </Button>
      </footer>
    </div>
  );
}
