import { DotLoading } from 'antd-mobile';
import { useUnit } from 'effector-react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { flowChartScreen, type ChartContext } from '../../application/flowchart';
import { FLOW_CHART_LEGEND, FLOW_CHART_LOADING_DELAY_MS, type NodeShade, type ShadedChart } from '../../domain/flowchart';
import { ErrorState } from '../shared/ErrorState';
import { useScreenModel } from '../shared/screenModel';
import { RETRY } from '../shared/strings';
import { CHART_COLORS } from './palette';
import { CHART_EMPTY, CHART_LABEL, CHART_LOADING, LEGEND_LABEL } from './strings';
import './flowchart.css';

/** cytoscape (in FlowChartView) loads only when a chart is shown. */
const FlowChartView = lazy(() => import('./FlowChartView'));

/** A spinner that appears only if the wait outlasts the loading delay (200 ms), so fast loads do not flicker. */
function DelayedLoading() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setShown(true), FLOW_CHART_LOADING_DELAY_MS);
    return () => clearTimeout(t);
  }, []);
  return (
    <div className="cw-chart__loading" role="status" aria-label={CHART_LOADING}>
      {shown ? (
        <>
          <DotLoading color="primary" />
          <span>{CHART_LOADING}</span>
        </>
      ) : null}
    </div>
  );
}

const SHADE_WORDS: Readonly<Record<NodeShade, string | null>> = Object.freeze({
  handled: FLOW_CHART_LEGEND[0].text,
  handling: FLOW_CHART_LEGEND[1].text,
  unhandled: null,
});

/** The legend: 已办理的节点 and 当前节点 (SPEC point 2 "Flow chart"). */
export function ChartLegend() {
  return (
    <ul className="cw-chart__legend" aria-label={LEGEND_LABEL}>
      {FLOW_CHART_LEGEND.map((l) => (
        <li key={l.shade} className="cw-chart__legend-item">
          <span
            className="cw-chart__swatch"
            style={l.shade === 'handled' ? { background: CHART_COLORS.handledFill, borderColor: CHART_COLORS.handled } : { background: CHART_COLORS.current, borderColor: CHART_COLORS.current }}
            aria-hidden="true"
          />
          {l.text}
        </li>
      ))}
    </ul>
  );
}

/**
 * What the canvas shows, as text for screen readers (and the browser tests): each node
 * with its shade, each edge with its colour.
 */
function ChartText({ chart }: { chart: ShadedChart }) {
  const names = new Map(chart.nodes.map((n) => [n.id, n.label]));
  return (
    <div className="cw-visually-hidden">
      <ul aria-label="流程节点">
        {chart.nodes.map((n) => (
          <li key={n.id} data-shade={n.shade} data-kind={n.kind}>
            {n.label}
            {SHADE_WORDS[n.shade] ? `：${SHADE_WORDS[n.shade]}` : ''}
          </li>
        ))}
      </ul>
      <ul aria-label="流程连线">
        {chart.edges.map((e) => (
          <li key={e.id} data-shade={e.shade} data-color={e.color}>
            {`${names.get(e.source) ?? e.source} → ${names.get(e.target) ?? e.target}`}
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface FlowChartPanelProps {
  /** Null: the page has no run to show yet, so it stays in its loading state. */
  readonly context: ChartContext | null;
  readonly className?: string;
  readonly header?: ReactNode;
}

/**
 * The chart of a context with its legend: loads (app id preferred), shades by the
 * domain rule (application/flowchart/chartModel.ts), draws lazily. Used by the flowChart
 * page and the launch page's 查看流程 tab.
 */
export function FlowChartPanel({ context, className, header }: FlowChartPanelProps) {
  const model = useScreenModel(flowChartScreen, context);
  const [chart, error] = useUnit([model.$chart, model.$error]);
  const on = useUnit({ retried: model.retried });


  const current = chart !== null || error !== null;
  let body: ReactNode;
  if (error !== null) body = <ErrorState title={error} actionText={RETRY} onAction={() => on.retried()} />;
  else if (!context || chart === null) body = <DelayedLoading />;
  else if (chart.nodes.length === 0) body = <ErrorState title={CHART_EMPTY} status="empty" />;
  else {
    body = (
      <>
        <div className="cw-chart__canvas" role="img" aria-label={CHART_LABEL}>
          <Suspense fallback={<DelayedLoading />}>
            <FlowChartView chart={chart} />
          </Suspense>
        </div>
        <ChartText chart={chart} />
      </>
    );
  }
  return (
    <section className={`cw-chart${className ? ` ${className}` : ''}`} aria-busy={!current}>
      {header}
      <ChartLegend />
      <div className="cw-chart__body">{body}</div>
    </section>
  );
}
