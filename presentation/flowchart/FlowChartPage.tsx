import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { runChartScreen } from '../../application/approval';
import { $chartContext } from '../../application/flowchart';
import { ErrorState } from '../shared/ErrorState';
import { PageLayout } from '../shared/layout';
import { useBack } from '../shared/navigation';
import { useScreenModel } from '../shared/screenModel';
import { BACK, RETRY } from '../shared/strings';
import { FlowChartPanel } from './FlowChartPanel';
import { CHART_NO_RUN, FLOW_CHART_TITLE } from './strings';

/**
 * page/approvalCenter/flowChart (SPEC point 2 route table): the chart of the current run,
 * read from the shared state the approval page set; a loading state when there is none.
 * Opened by its address (a reload, a link: ?FlowRunId=) it loads that run itself
 * (application/approval/runChartModel.ts); with no run named at all, the loading state
 * says there is nothing to wait for and offers 返回.
 */
export function FlowChartPage() {
  const runId = new URLSearchParams(useSearch()).get('FlowRunId');
  const shared = useUnit($chartContext);
  const model = useScreenModel(runChartScreen, { runId });
  const [error, opened, retried] = useUnit([model.$error, model.opened, model.retried]);
  const back = useBack();

  useEffect(() => {
    opened();
  }, [opened]);

  // The shared state of another run is not this page's when the address names one.
  const context = shared && (!runId || shared.runId === runId) ? shared : null;
  return (
    <PageLayout title={context?.title || FLOW_CHART_TITLE}>
      {error !== null ? (
        <ErrorState title={error} fullPage actionText={RETRY} onAction={() => retried()} />
      ) : (
        <>
          <FlowChartPanel context={context} className="cw-chart--page" />
          {context === null && !runId ? <ErrorState title={CHART_NO_RUN} status="empty" actionText={BACK} onAction={back} /> : null}
        </>
      )}
    </PageLayout>
  );
}
