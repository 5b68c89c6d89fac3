import { useSyncExternalStore } from 'react';
import { formatShortDateTime, offlineWithPending } from '../../domain/offline/messages';
import { CONNECTIVITY, DATA_AGE } from '../../application/offline/ports';
import { useInjection } from './di';
import { useOutboxPending } from './outboxBadge';
import { OFFLINE_BANNER } from './strings';

/** Whether the app has a network: the browser does not say offline and the app's calls are answered (application/offline/reachability.ts). */
export const useOnline = (): boolean => {
  const connectivity = useInjection(CONNECTIVITY);
  return useSyncExternalStore(connectivity.subscribe, connectivity.online, () => true);
};

/**
 * 当前网络不可用, while the phone has no network: under the back bar of a page, above the
 * tab bar of the main layout, with the count of actions waiting to be sent (，N 项待发送)
 * and, when what is drawn came from the device, when it was fetched (· 更新于 MM-DD HH:mm).
 * While it shows, the bars below it move down by its height (theme.css
 * --cw-offline-height); what failed meanwhile says so with 重试 in place.
 */
export function OfflineBanner() {
  const online = useOnline();
  const pending = useOutboxPending();
  const age = useInjection(DATA_AGE);
  const since = useSyncExternalStore(age.subscribe, age.since, age.since);
  if (online) return null;
  return (
    <div className="cw-offline" role="status">
      {offlineWithPending(OFFLINE_BANNER, pending, since === null ? null : formatShortDateTime(since))}
    </div>
  );
}
