import { Badge, Dialog, Empty, List, PullToRefresh, Skeleton, Toast } from 'antd-mobile';
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
import { useEffect, useRef, type ComponentType, type SVGProps } from 'react';
import { useLocation, useSearch } from 'wouter';
import { MESSAGES_API, type MessagesApi, type MessageTab } from '../../application/messages/ports';
import { $markingAllRead, $messageGroups, $messageTabsLoaded, loadMessageTabsFx, markAllReadFx } from '../../application/messages/model';
import { messageOf } from '../../application/ports/errors';
import type { LinkOpener } from '../../application/shell/links';
import { LINK_OPENER } from '../../application/ports/tokens';
import { MARK_ALL_READ_CONFIRM, MESSAGE_CENTRE_TITLE } from '../../domain/messages/messages';
import { formatBadge, formatDisplayDate } from '../../domain/shared/formats';
import { DIALOG_CANCEL, DIALOG_CONFIRM } from '../../domain/shared/messages';
import { useInjection } from '../shared/di';
import { serverHtmlPlainText } from '../shared/serverHtml/sanitize';
import { MARK_ALL_READ_LABEL, NO_MESSAGES } from './strings';
import { useMessageTabBadge } from './useMessageCentre';
import { notificationEntryTarget } from './notificationEntry';
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

export const noticePath = (tab: Pick<MessageTab, 'id' | 'name'>): string =>
  `/page/notice?${new URLSearchParams({ id: tab.id, name: tab.name }).toString()}`;

/**
 * The main layout's message tab (SPEC point 2 "Home and me"): 消息中心 with the
 * clear-all-read icon, the app tabs grouped, each with its last message, time and
 * unread badge (99+), refreshed live when the hub pushes a message.
 */
export function MessageCenterTab() {
  useMessageTabBadge();
  const api = useInjection<MessagesApi>(MESSAGES_API);
  const links = useInjection<LinkOpener>(LINK_OPENER);
  const [groups, loaded, marking] = useUnit([$messageGroups, $messageTabsLoaded, $markingAllRead]);
  const [load, markAll] = useUnit([loadMessageTabsFx, markAllReadFx]);
  const [, navigate] = useLocation();
  const search = useSearch();

  // Notification entry: /?tab=message&page=<in-app path>|&link=<http(s) address>.
  const entryHandled = useRef(false);
  useEffect(() => {
    if (entryHandled.current) return;
    const target = notificationEntryTarget(search);
    if (target === null) return;
    entryHandled.current = true;
    // The message centre stays behind the opened page, so back comes here.
    navigate('/?tab=message', { replace: true });
    if (target.kind === 'page') navigate(target.path);
    else links.open(target.url, 'notice');
  }, [search, navigate, links]);

  const confirmMarkAll = async () => {
    const yes = await Dialog.confirm({ content: MARK_ALL_READ_CONFIRM, confirmText: DIALOG_CONFIRM, cancelText: DIALOG_CANCEL });
    if (!yes) return;
    try {
      await markAll(api);
    } catch (e) {
      Toast.show({ icon: 'fail', content: messageOf(e) });
    }
  };

  const empty = loaded && groups.every((g) => g.messageEventAppTabsDtos.length === 0);

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
            onClick={() => void confirmMarkAll()}
          >
            <MailOpenOutline fontSize={22} />
          </button>
        </span>
      </header>
      <PullToRefresh onRefresh={async () => void (await load(api))}>
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
          ) : empty ? (
            <Empty className="cw-msg__empty" description={NO_MESSAGES} />
          ) : (
            groups.map((group, gi) => {
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
                          onClick={() => navigate(noticePath(tab))}
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
            })
          )}
        </div>
      </PullToRefresh>
    </div>
  );
}

export default MessageCenterTab;
