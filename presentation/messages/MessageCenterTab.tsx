import { Badge, Empty, List, Skeleton } from 'antd-mobile';
import {
  BellOutline,
  CheckShieldOutline,
  ClockCircleOutline,
  FlagOutline,
  MailOpenOutline,
  MailOutline,
  SoundOutline,
  UnorderedListOutline,
} from 'antd-mobile-icons';
import { useUnit } from 'effector-react';
import { useEffect, useMemo, useRef, type ComponentType, type SVGProps } from 'react';
import { useSearch } from 'wouter';
import { MESSAGE_CENTRE_TITLE, MESSAGE_TABS_PER_STEP } from '../../domain/messages/messages';
import { formatBadge, formatDisplayDate } from '../../domain/shared/formats';
import { ErrorState } from '../shared/ErrorState';
import { serverHtmlPlainText } from '../shared/serverHtml/sanitize';
import { StepMore } from '../shared/StepMore';
import { LOAD_FAILED, RETRY } from '../shared/strings';
import { useDrawnSteps } from '../shared/useDrawnSteps';
import { MARK_ALL_READ_LABEL, NO_MESSAGES } from './strings';
import { useMessageCentre, useMessageTabBadge } from './useMessageCentre';
import { PullRefresh } from '../shared/PullRefresh';
import './messages.css';

/** Icons and colours by a group's position; the spec names no icons, so they rotate. */
const GROUP_LOOKS: readonly { icon: ComponentType<SVGProps<SVGSVGElement>>; color: string }[] = [
  { icon: SoundOutline, color: '#1677ff' },
  { icon: CheckShieldOutline, color: '#ff8f1f' },
  { icon: UnorderedListOutline, color: '#00b578' },
  { icon: FlagOutline, color: '#7b61ff' },
  { icon: BellOutline, color: '#13c2c2' },
  { icon: MailOutline, color: '#eb2f96' },
];

const lookOf = (index: number) => GROUP_LOOKS[index % GROUP_LOOKS.length]!;

/**
 * The main layout's message tab (SPEC point 2 "Home and me"): 消息中心 with the
 * clear-all-read icon, the app tabs grouped, each with its last message, time and
 * unread badge (99+), refreshed live when the hub pushes a message.
 */
export function MessageCenterTab() {
  useMessageTabBadge();
  const model = useMessageCentre();
  const [groups, loaded, marking, failed] = useUnit([model.$groups, model.$loaded, model.$markingAllRead, model.$failed]);
  const on = useUnit({ refresh: model.refreshFx, markAllRead: model.markAllReadRequested, tabOpened: model.tabOpened, entryOpened: model.entryOpened });
  const search = useSearch();
  // 全部已读 without a network waits in the outbox: its code comes while there is one.
  const readyOffline = useUnit(model.readyOfflineFx);
  useEffect(() => void readyOffline(), [readyOffline]);

  // Notification entry (/?tab=message&page=<in-app path>|&link=<http(s) address>): each address once.
  const entrySeen = useRef<string | null>(null);
  useEffect(() => {
    if (entrySeen.current === search) return;
    entrySeen.current = search;
    on.entryOpened(search);
  }, [search, on]);

  const empty = loaded && groups.every((g) => g.messageEventAppTabsDtos.length === 0);
  // A failure with nothing to show is said as such, never as 暂无消息.
  const failedEmpty = empty && failed;
  // Drawn a step at a time (groups whole): a backend may send thousands of groups. A push or
  // a pull to refresh brings the same list again: what was drawn stays drawn.
  const steps = useDrawnSteps(
    useMemo(() => groups.map((g) => g.messageEventAppTabsDtos.length), [groups]),
    MESSAGE_TABS_PER_STEP,
    true,
  );

  return (
    <div className="cw-msg">
      <header className="cw-msg__bar">
        <span className="cw-msg__bar-side" />
        <h1 className="cw-msg__title">{MESSAGE_CENTRE_TITLE}</h1>
        <span className="cw-msg__bar-side cw-msg__bar-side--right">
          <button
            type="button"
            className="cw-msg__clear"
            aria-label={MARK_ALL_READ_LABEL}
            title={MARK_ALL_READ_LABEL}
            disabled={marking}
            onClick={() => on.markAllRead()}
          >
            <MailOpenOutline fontSize={22} />
          </button>
        </span>
      </header>
      <PullRefresh onRefresh={on.refresh}>
        <div className="cw-msg__content">
          {!loaded ? (
            <div className="cw-msg__skeleton" role="status" aria-label={MESSAGE_CENTRE_TITLE}>
              {[0, 1, 2, 3, 4].map((i) => (
                <div key={i} className="cw-msg__skeleton-row">
                  <Skeleton animated className="cw-msg__skeleton-icon" />
                  <div className="cw-msg__skeleton-text">
                    <Skeleton.Title animated />
                    <Skeleton.Paragraph lineCount={1} animated />
                  </div>
                </div>
              ))}
            </div>
          ) : failedEmpty ? (
            <ErrorState title={LOAD_FAILED} actionText={RETRY} onAction={() => void on.refresh()} />
          ) : empty ? (
            <Empty className="cw-msg__empty" description={NO_MESSAGES} />
          ) : (
            <>
              {groups.slice(0, steps.drawn).map((group, gi) => {
                const look = lookOf(gi);
                const Icon = look.icon;
                return (
                  <section key={`${group.name}-${gi}`} className="cw-msg__group" aria-label={group.name}>
                    <List header={<span className="cw-msg__group-name">{group.name}</span>} mode="card">
                      {group.messageEventAppTabsDtos.map((tab) => {
                        const count = formatBadge(tab.noReadNum);
                        const preview = serverHtmlPlainText(tab.msgContext);
                        return (
                          <List.Item
                            key={tab.id}
                            className="cw-msg__tab"
                            arrow={false}
                            onClick={() => on.tabOpened(tab)}
                            prefix={
                              <Badge content={count || null} className="cw-msg__badge" aria-label={count ? `${count}条未读` : undefined}>
                                <span className="cw-msg__icon" style={{ background: look.color }} aria-hidden>
                                  <Icon fontSize={22} />
                                </span>
                              </Badge>
                            }
                            description={<span className="cw-msg__preview">{preview || NO_MESSAGES}</span>}
                            extra={
                              tab.msgDateTime ? (
                                <span className="cw-msg__time">
                                  <ClockCircleOutline fontSize={11} /> {formatDisplayDate(tab.msgDateTime)}
                                </span>
                              ) : null
                            }
                          >
                            <span className="cw-msg__tab-name">{tab.name}</span>
                          </List.Item>
                        );
                      })}
                    </List>
                  </section>
                );
              })}
              <StepMore sentinel={steps.sentinel} />
            </>
          )}
        </div>
      </PullRefresh>
    </div>
  );
}

export default MessageCenterTab;
