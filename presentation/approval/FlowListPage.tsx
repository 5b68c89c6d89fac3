import { Collapse, SearchBar } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { flowLaunchPath, flowListScreen } from '../../application/approval';
import { FLOW_SEARCH_PLACEHOLDER, type LaunchableFlow } from '../../domain/approval';
import { ErrorState } from '../shared/ErrorState';
import { PageLoading } from '../shared/PageLoading';
import { usePicture } from '../shared/apps/assets';
import { useScreenModel } from '../shared/screenModel';
import { RETRY } from '../shared/strings';
import { NO_FLOWS, NO_SEARCH_RESULT } from './strings';
import './approval.css';

function FlowIcon({ flow }: { flow: LaunchableFlow }) {
  const [broken, setBroken] = useState(false);
  const icon = usePicture()(flow.icon);
  const initial = Array.from(flow.name ?? '')[0] ?? '';
  return (
    <span className="cw-ap-flow__icon" style={{ background: flow.iconBgColor || 'var(--cw-brand)' }} aria-hidden="true">
      {icon && !broken ? <img src={icon} alt="" onError={() => setBroken(true)} /> : <span>{initial}</span>}
    </span>
  );
}

function FlowRow({ flow, onOpen }: { flow: LaunchableFlow; onOpen: (f: LaunchableFlow) => void }) {
  return (
    <li>
      <button type="button" className="cw-ap-flow" onClick={() => onOpen(flow)}>
        <FlowIcon flow={flow} />
        <span className="cw-ap-flow__text">
          <span className="cw-ap-flow__name">{flow.name}</span>
          {flow.describe ? <span className="cw-ap-flow__desc">{flow.describe}</span> : null}
        </span>
        <RightOutline className="cw-ap-flow__chevron" aria-hidden="true" />
      </button>
    </li>
  );
}

/**
 * page/approvalCenter/flowList (SPEC point 2 "Launchable flow list"): the flows this user
 * may start (the server filters them), by category in collapsible panels; a search shows
 * one flat list. A flow opens flowLaunch?code=. The loading is its model's
 * (application/approval/flowListModel.ts); this is the markup.
 */
export function FlowListPage() {
  const model = useScreenModel(flowListScreen, undefined);
  const [, navigate] = useLocation();
  const [categories, view, error, text] = useUnit([model.$categories, model.$view, model.$error, model.$search]);
  const on = useUnit({ retried: model.retried, searchChanged: model.searchChanged });


  const open = (flow: LaunchableFlow) => navigate(flowLaunchPath({ code: flow.code }));
  const allKeys = useMemo(() => (categories ?? []).map((c, i) => `${i}:${c.name}`), [categories]);

  let body: React.ReactNode;
  if (error !== null) body = <ErrorState title={error} actionText={RETRY} onAction={() => on.retried()} />;
  else if (categories === null) body = <PageLoading />;
  else if (view.mode === 'flat') {
    body =
      view.flows.length === 0 ? (
        <ErrorState title={NO_SEARCH_RESULT} status="empty" />
      ) : (
        <ul className="cw-ap-flows cw-ap-flows--flat" aria-label={FLOW_SEARCH_PLACEHOLDER}>
          {view.flows.map((f) => (
            <FlowRow key={f.code} flow={f} onOpen={open} />
          ))}
        </ul>
      );
  } else if (view.categories.every((c) => (c.flows ?? []).length === 0)) {
    body = <ErrorState title={NO_FLOWS} status="empty" />;
  } else {
    body = (
      <Collapse defaultActiveKey={allKeys} className="cw-ap-flowlist__groups">
        {view.categories.map((c, i) => (
          <Collapse.Panel
            destroyOnClose
            key={`${i}:${c.name}`}
            title={
              <span className="cw-ap-flowlist__group">
                {c.name}
                <span className="cw-ap-flowlist__count">{(c.flows ?? []).length}</span>
              </span>
            }
          >
            <ul className="cw-ap-flows" aria-label={c.name}>
              {(c.flows ?? []).map((f) => (
                <FlowRow key={f.code} flow={f} onOpen={open} />
              ))}
            </ul>
          </Collapse.Panel>
        ))}
      </Collapse>
    );
  }

  return (
    <div className="cw-ap-flowlist">
      <div className="cw-ap-flowlist__search">
        <SearchBar placeholder={FLOW_SEARCH_PLACEHOLDER} value={text} onChange={(v) => on.searchChanged(v)} maxLength={100} />
      </div>
      {body}
    </div>
  );
}
