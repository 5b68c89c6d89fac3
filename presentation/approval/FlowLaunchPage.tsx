import { Button, Tabs, Toast } from 'antd-mobile';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { newSubmissionId, openLaunch, requestNextNodes, saveLaunchDraft, selectNodePath, type LaunchInfo } from '../../application/approval';
import { APPROVAL_API, type ApprovalApi } from '../../application/approval/ports';
import { formDraftKey, resolveFormDefinition } from '../../application/forms';
import type { Notifier } from '../../application/ports/runtime';
import { NOTIFIER } from '../../application/ports/tokens';
import { BUTTON_LAUNCH_SUBMIT, BUTTON_SAVE_DRAFT, LAUNCH_TABS, LAUNCH_FLOW_TYPE, selectNodeRoute } from '../../domain/approval';
import { DynamicForm, useFormEngine } from '../forms';
import { FlowChartPanel } from '../flowchart';
import { useInjection } from '../shared/di';
import { ErrorState } from '../shared/ErrorState';
import { PageLayout } from '../shared/layout';
import { useBack } from '../shared/navigation';
import { PageLoading } from '../shared/PageLoading';
import { useCurrentUser } from '../shared/session';
import { BACK } from '../shared/strings';
import { FLOW_LAUNCH_TITLE } from './strings';
import { useSessionWriters } from './useSessions';
import './approval.css';

type Loaded = { ok: true; value: LaunchInfo } | { ok: false; error: string };

/**
 * page/approvalCenter/flowLaunch?code= (SPEC point 2 "Flow launch"): tabs 发起申请 (the
 * form, with its initial reminder) and 查看流程 (the chart); 保存草稿 and 提交. A flow that
 * is not configured shows the server's message (or 应用配置有误，请联系管理员) with a back
 * button. What is typed is kept as a local draft until the launch succeeds.
 */
export function FlowLaunchPage() {
  const api = useInjection<ApprovalApi>(APPROVAL_API);
  const code = new URLSearchParams(useSearch()).get('code') ?? '';
  const back = useBack();
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    const ac = new AbortController();
    setLoaded(null);
    openLaunch(api, code, ac.signal).then(setLoaded, () => undefined);
    return () => ac.abort();
  }, [api, code]);

  const title = loaded?.ok && loaded.value.title ? loaded.value.title : FLOW_LAUNCH_TITLE;
  return (
    <PageLayout title={title}>
      {loaded === null ? (
        <PageLoading />
      ) : loaded.ok ? (
        <LaunchForm launch={loaded.value} />
      ) : (
        <ErrorState title={loaded.error} fullPage actionText={BACK} onAction={back} />
      )}
    </PageLayout>
  );
}

function LaunchForm({ launch }: { launch: LaunchInfo }) {
  const api = useInjection<ApprovalApi>(APPROVAL_API);
  const notifier = useInjection<Notifier>(NOTIFIER);
  const user = useCurrentUser();
  const back = useBack();
  const [, navigate] = useLocation();
  const writers = useSessionWriters();
  const [tab, setTab] = useState<string>(LAUNCH_TABS[0].key);
  const [busy, setBusy] = useState<'draft' | 'submit' | null>(null);
  // The state above disables the buttons from the next render on; a second tap inside the
  // same frame (a fast double tap) still sees the old render, so the guard is a ref.
  const working = useRef(false);
  const definition = useMemo(() => resolveFormDefinition(launch.info), [launch]);
  const draftKey = user ? formDraftKey(user.id, { flowCode: launch.code }) : null;
  const engine = useFormEngine(
    definition.ok
      ? {
          definition: definition.value,
          fieldLimits: launch.info.fieldLimits,
          mode: 'edit',
          initialData: launch.info.draftData ?? undefined,
          initialDataMode: 'draft',
          draftKey: draftKey ?? undefined,
          code: launch.code,
        }
      : null,
    [launch, draftKey],
  );
  const chart = useMemo(() => ({ appId: launch.appId, code: launch.code, situation: launch.info.situationDto ?? null, title: launch.title }), [launch]);

  if (!definition.ok) return <ErrorState title={definition.error} fullPage actionText={BACK} onAction={back} />;
  if (!engine) return <PageLoading />;

  const saveDraft = async () => {
    if (working.current) return;
    working.current = true;
    setBusy('draft');
    try {
      await saveLaunchDraft({ api, notifier }, engine.submitData());
    } finally {
      working.current = false;
      setBusy(null);
    }
  };

  const submit = async () => {
    if (working.current) return;
    const checked = engine.validate();
    if (!checked.ok) {
      setTab(LAUNCH_TABS[0].key);
      return;
    }
    working.current = true;
    setBusy('submit');
    try {
      const next = await requestNextNodes(api, { appId: launch.appId, flowRunPrcsId: null, formData: checked.value });
      if (!next.ok) {
        Toast.show({ icon: 'fail', content: next.error });
        return;
      }
      engine.flushDraft();
      writers.flow({
        flowLaunchType: LAUNCH_FLOW_TYPE,
        code: launch.code,
        appId: launch.appId,
        title: launch.title,
        runId: null,
        flowRunPrcsId: null,
        formData: checked.value,
        draftKey,
        next: next.value,
        submissionId: newSubmissionId(),
      });
      navigate(selectNodePath(selectNodeRoute(LAUNCH_FLOW_TYPE, null)));
    } finally {
      working.current = false;
      setBusy(null);
    }
  };

  return (
    <div className="cw-ap-launch cw-ap-page--footer">
      <Tabs activeKey={tab} onChange={setTab} className="cw-ap-launch__tabs">
        {LAUNCH_TABS.map((t) => (
          <Tabs.Tab key={t.key} title={t.title} />
        ))}
      </Tabs>
      <div className="cw-ap-launch__pane" hidden={tab !== 'form'}>
        <DynamicForm engine={engine} className="cw-ap-launch__form" />
      </div>
      {tab === 'chart' ? <FlowChartPanel context={chart} className="cw-ap-launch__chart" /> : null}
      <footer className="cw-ap-footer cw-ap-footer--two">
        <Button block shape="rounded" loading={busy === 'draft'} loadingText={BUTTON_SAVE_DRAFT} disabled={busy !== null} onClick={() => void saveDraft()}>
          {BUTTON_SAVE_DRAFT}
        </Button>
        <Button block shape="rounded" color="primary" loading={busy === 'submit'} loadingText={BUTTON_LAUNCH_SUBMIT} disabled={busy !== null} onClick={() => void submit()}>
          {BUTTON_LAUNCH_SUBMIT}
        </Button>
      </footer>
    </div>
  );
}
