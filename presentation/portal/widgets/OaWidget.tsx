import { Button, DotLoading, Tabs } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { isApiError, messageOf } from '../../../application/ports/errors';
import type { Notifier } from '../../../application/ports/runtime';
import { NOTIFIER } from '../../../application/ports/tokens';
import { PORTAL_API, type FlowRunListItem, type PortalApi } from '../../../application/portal/ports';
import { loadOaTab, oaItemPath, type OaCounts } from '../../../application/portal/useCases';
import { flowStateView } from '../../../domain/approval/flowState';
import { OA_TAB_LABELS } from '../../../domain/portal/messages';
import { initialOaState, isOaTab, OA_TABS, switchOaTab } from '../../../domain/portal/portal';
import type { OaTab, OaWidgetState } from '../../../domain/portal/types';
import { formatBadge, formatDisplayDate } from '../../../domain/shared/formats';
import { useInjection } from '../../shared/di';
import { LOAD_MORE, OA_EMPTY, OA_WIDGET_TITLE, VIEW_ALL } from '../strings';
import { WidgetCard, WidgetLink } from './WidgetCard';

const APPROVAL_CENTER_PATH = '/page/approvalCenter';

/**
 * The OA approval summary (mobile-oa): tabs 待审批 and 待阅 from flow-run/comoinent.
 * Switching loads a tab only while its list is empty; 加载更多 asks for the next page
 * while the last answer was a full page. An item opens its run on the approval page.
 */
export function OaWidget() {
  const api = useInjection<PortalApi>(PORTAL_API);
  const notifier = useInjection<Notifier>(NOTIFIER);
  const [, navigate] = useLocation();
  const [state, setState] = useState<OaWidgetState<FlowRunListItem>>(() => initialOaState<FlowRunListItem>());
  const [counts, setCounts] = useState<OaCounts | null>(null);
  const [loading, setLoading] = useState<OaTab | null>(null);
  const [loaded, setLoaded] = useState<Record<OaTab, boolean>>({ '0': false, '1': false });
  const stateRef = useRef(state);
  stateRef.current = state;
  const abort = useRef<AbortController | null>(null);

  const load = useCallback(
    (tab: OaTab, more = false) => {
      abort.current?.abort();
      const ac = new AbortController();
      abort.current = ac;
      setLoading(tab);
      loadOaTab({ api }, stateRef.current, tab, { more, signal: ac.signal })
        .then((r) =>
          startTransition(() => {
            setState((prev) => ({ ...prev, tabs: { ...prev.tabs, [tab]: r.state.tabs[tab] } }));
            setCounts(r.counts);
            setLoaded((prev) => ({ ...prev, [tab]: true }));
          }),
        )
        .catch((e: unknown) => {
          if (isApiError(e) && e.cancelled) return;
          notifier.fail(messageOf(e));
          setLoaded((prev) => ({ ...prev, [tab]: true }));
        })
        .finally(() => {
          if (abort.current === ac) setLoading(null);
        });
    },
    [api, notifier],
  );

  useEffect(() => {
    load('0');
    return () => abort.current?.abort();
  }, [load]);

  const onSwitch = (key: string) => {
    if (!isOaTab(key)) return;
    const next = switchOaTab(stateRef.current, key);
    setState(next.state);
    if (next.load) load(key);
  };

  const count = (tab: OaTab): string => {
    if (counts === null) return '';
    return formatBadge(tab === '0' ? counts.waiting : counts.receive);
  };

  const active = state.active;
  const list = state.tabs[active];
  return (
    <WidgetCard
      title={OA_WIDGET_TITLE}
      className="cw-widget--oa"
      extra={
        <WidgetLink onClick={() => navigate(APPROVAL_CENTER_PATH)}>
          {VIEW_ALL}
          <RightOutline fontSize={12} />
        </WidgetLink>
      }
    >
      <Tabs activeKey={active} onChange={onSwitch} className="cw-oa__tabs">
        {OA_TABS.map((tab) => (
          <Tabs.Tab
            key={tab}
            title={
              <span className="cw-oa__tab">
                {OA_TAB_LABELS[tab]}
                {count(tab) ? <span className="cw-oa__count">{count(tab)}</span> : null}
              </span>
            }
          />
        ))}
      </Tabs>
      {list.items.length === 0 ? (
        loading === active || !loaded[active] ? (
          <div className="cw-widget__loading">
            <DotLoading color="primary" />
          </div>
        ) : (
          <p className="cw-widget__empty">{OA_EMPTY}</p>
        )
      ) : (
        <ul className="cw-oa__list" aria-label={OA_TAB_LABELS[active]}>
          {list.items.map((item) => {
            const view = flowStateView(item.state);
            return (
              <li key={item.id}>
                <button type="button" className="cw-oa__item" onClick={() => navigate(oaItemPath(item, active))}>
                  <span className="cw-oa__item-main">
                    <span className="cw-oa__item-title">{item.title}</span>
                    <span className="cw-oa__item-meta">
                      {item.creatorName} · {formatDisplayDate(item.creationTime)}
                    </span>
                  </span>
                  {view.label ? <span className={`cw-state-tag cw-state-tag--${view.color}`}>{view.label}</span> : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {list.items.length > 0 && list.hasMore ? (
        <div className="cw-widget__more">
          <Button size="small" fill="none" color="primary" loading={loading === active} onClick={() => load(active, true)}>
            {LOAD_MORE}
          </Button>
        </div>
      ) : null}
    </WidgetCard>
  );
}
