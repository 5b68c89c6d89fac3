import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { messageCentreScreen, type MessageCentreModel } from '../../application/messages/model';
import { tabBadgeChanged } from '../shared/layout/tabBadges';
import { useScreenModel } from '../shared/screenModel';

/**
 * The signed-in user's message centre (application/messages/model.ts), kept live while
 * the calling component is mounted: the tabs load, and the hub's pushes refetch them.
 * The main layout's tab bar and the message tab both call it; the model counts them.
 */
export function useMessageCentre(): MessageCentreModel {
  const model = useScreenModel(messageCentreScreen, undefined);
  const [connect, disconnect] = useUnit([model.connected, model.disconnected]);
  useEffect(() => {
    connect();
    return () => disconnect();
  }, [connect, disconnect]);
  return model;
}

/**
 * Keeps the message tabs live and answers the badge text ('' for none, up to '99+'),
 * which is also the bottom bar's message badge ($tabBadges.message): the layout never
 * imports a tab body. The main layout calls it so the badge stays live on every tab.
 */
export function useMessageTabBadge(): string {
  const model = useMessageCentre();
  const [badge, setTabBadge] = useUnit([model.$unreadBadge, tabBadgeChanged]);
  useEffect(() => {
    setTabBadge({ tab: 'message', badge: badge === '' ? null : badge });
  }, [badge, setTabBadge]);
  return badge;
}
