import { useUnit } from 'effector-react';
import { $chartContext } from '../../application/flowchart';
import { PageLayout } from '../shared/layout';
import { FlowChartPanel } from './FlowChartPanel';
import { FLOW_CHART_TITLE } from './strings';

/**
 * page/approvalCenter/flowChart (SPEC point 2 route table): the chart of the current run,
 * read from the shared state the approval page set; a loading state when there is none.
 */
export function FlowChartPage() {
  const context = useUnit($chartContext);
  return (
    <PageLayout title={context?.title || FLOW_CHART_TITLE}>
      <FlowChartPanel context={context} className="cw-chart--page" />
    </PageLayout>
  );
}
