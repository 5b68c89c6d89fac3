import { Button, DotLoading } from 'antd-mobile';
import { useUnit } from 'effector-react';
import { useDeferredValue } from 'react';
import { oaWidgetScreen } from '../../../application/portal/oaWidgetModel';
import { PATHS } from '../../../application/shared/routes';
import { flowStateView } from '../../../domain/approval/flowState';
import { OA_TAB_LABELS } from '../../../domain/portal/messages';
import { OA_TABS } from '../../../domain/portal/portal';
import type { OaTab } from '../../../domain/portal/types';
import { formatBadge, formatDisplayDate } from '../../../domain/shared/formats';
import { useScreenModel } from '../../shared/screenModel';
import { ScrollTabs } from '../../shared/tabs/ScrollTabs';
import { useCurrentUser } from '../../shared/session';
import { LOAD_MORE, OA_EMPTY, OA_WIDGET_TITLE, VIEW_ALL } from '../strings';
import { WidgetCard, WidgetLink } from './WidgetCard';

/**
 * The OA approval summary (mobile-oa): tabs 待审批 and 待阅 from flow-run/comoinent.
 * Switching loads a tab only while its list is empty; 加载更多 asks for the next page
 * while the last answer was a full page. An item opens its run on the approval page.
 */
export function OaWidget() {
  const model = useScreenModel(oaWidgetScreen, useCurrentUser()?.id ?? '');
  const [state, loading] = useUnit([model.$state, model.$loading]);
  // Lists arriving are drawn in a background render: no long task on a slow phone.
  const tabs = useDeferredValue(state.tabs);
  const loaded = useDeferredValue(useUnit(model.$loaded));
  const counts = useDeferredValue(useUnit(model.$counts));
  const on = useUnit({ tabSwitched: model.tabSwitched, moreRequested: model.moreRequested, itemOpened: model.itemOpened });

  const count = (tab: OaTab): string => {
    if (counts === null) return '';
    return formatBadge(tab === '0' ? counts.waiting : counts.receive);
  };

  const active = state.active;
  const list = tabs[active];
  return (
    <WidgetCard
      title={OA_WIDGET_TITLE}
      className="cw-widget--oa"
      extra={<WidgetLink to={PATHS.approvalCenter}>{VIEW_ALL}</WidgetLink>}
    >
      <ScrollTabs
        spread
        className="cw-oa__tabs"
        activeKey={active}
        onChange={(key) => {
          const tab = OA_TABS.find((t) => t === key);
          if (tab !== undefined && tab !== active) on.tabSwitched(tab);
        }}
        tabs={OA_TABS.map((tab) => ({
          key: tab,
          title: (
            <span className="cw-oa__tab">
              {OA_TAB_LABELS[tab]}
              {count(tab) ? <span className="cw-oa__count">{count(tab)}</span> : null}
            </span>
          ),
        }))}
      />
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
                <button type="button" className="cw-oa__item" onClick={() => on.itemOpened(item)}>
                  <span className="cw-oa__item-main">
                    <span className="cw-oa__item-title">{item.title}</span>
                    <span className="cw-oa__item-meta">
                      {item.creatorName} · {formatDisplayDate(item.creationTime)}
                    </span>
                  </span>
                  {view.label ? <span className={`cw-state-tag cw-tone--${view.color}`}>{view.label}</span> : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {list.items.length > 0 && list.hasMore ? (
        <div className="cw-widget__more">
          <Button size="small" fill="none" color="primary" loading={loading === active} onClick={() => on.moreRequested()}>
            {LOAD_MORE}
          </Button>
        </div>
      ) : null}
    </WidgetCard>
  );
}
