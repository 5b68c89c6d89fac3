import { Button, Tabs } from 'antd-mobile';
import { useUnit } from 'effector-react';
import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { flowLaunchScreen, type FlowLaunchModel, type LaunchInfo, type LaunchTab } from '../../application/approval';
import { resolveFormDefinition } from '../../application/forms';
import { BUTTON_LAUNCH_SUBMIT, BUTTON_SAVE_DRAFT, LAUNCH_TABS } from '../../domain/approval';
import { DynamicForm, useFormEngine } from '../forms';
import { FlowChartPanel } from '../flowchart';
import { ErrorState } from '../shared/ErrorState';
import { PageLayout } from '../shared/layout';
import { useBack } from '../shared/navigation';
import { PageLoading } from '../shared/PageLoading';
import { useScreenModel } from '../shared/screenModel';
import { useCurrentUser } from '../shared/session';
import { BACK } from '../shared/strings';
import { FLOW_LAUNCH_TITLE } from './strings';
import './approval.css';

/**
 * page/approvalCenter/flowLaunch?code= (SPEC point 2 "Flow launch"): tabs 发起申请 (the
 * form, with its initial reminder) and 查看流程 (the chart); 保存草稿 and 提交. A flow that
 * is not configured shows the server's message (or 应用配置有误，请联系管理员) with a back
 * button. What is typed is kept as a local draft until the launch succeeds. Everything it
 * does is its model's (application/approval/launchModel.ts); this is the markup and the
 * form engine.
 */
export function FlowLaunchPage() {
  const code = new URLSearchParams(useSearch()).get('code') ?? '';
  const userId = useCurrentUser()?.id ?? '';
  const back = useBack();
  const model = useScreenModel(flowLaunchScreen, { userId, code });
  const [launch, error, title] = useUnit([model.$launch, model.$error, model.$title]);


  return (
    <PageLayout title={title ?? FLOW_LAUNCH_TITLE}>
      {error !== null ? (
        <ErrorState title={error} fullPage actionText={BACK} onAction={back} />
      ) : launch !== null ? (
        <LaunchForm model={model} launch={launch} />
      ) : (
        <PageLoading />
      )}
    </PageLayout>
  );
}

function LaunchForm({ model, launch }: { model: FlowLaunchModel; launch: LaunchInfo }) {
  const back = useBack();
  const [tab, busy] = useUnit([model.$tab, model.$busy]);
  const on = useUnit({ tabChanged: model.tabChanged, actionRequested: model.actionRequested });
  const draftKey = model.draftKey;
  const definition = useMemo(() => resolveFormDefinition(launch.info), [launch]);
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

  return (
    <div className="cw-ap-launch cw-ap-page--footer">
      <Tabs activeKey={tab} onChange={(k) => on.tabChanged(k as LaunchTab)} className="cw-ap-launch__tabs">
        {LAUNCH_TABS.map((t) => (
          <Tabs.Tab key={t.key} title={t.title} />
        ))}
      </Tabs>
      <div className="cw-ap-launch__pane" hidden={tab !== 'form'}>
        <DynamicForm engine={engine} className="cw-ap-launch__form" />
      </div>
      {tab === 'chart' ? <FlowChartPanel context={chart} className="cw-ap-launch__chart" /> : null}
      <footer className="cw-ap-footer cw-ap-footer--two">
        <Button
          block
          shape="rounded"
          loading={busy === 'draft'}
          loadingText={BUTTON_SAVE_DRAFT}
          disabled={busy !== null}
          onClick={() => void on.actionRequested({ action: 'draft', form: engine })}
        >
          {BUTTON_SAVE_DRAFT}
        </Button>
        <Button
          block
          shape="rounded"
          color="primary"
          loading={busy === 'submit'}
          loadingText={BUTTON_LAUNCH_SUBMIT}
          disabled={busy !== null}
          onClick={() => void on.actionRequested({ action: 'submit', form: engine })}
        >
          {BUTTON_LAUNCH_SUBMIT}
        </Button>
      </footer>
    </div>
  );
}
