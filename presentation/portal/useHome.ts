import { useMemo } from 'react';
import { homeScreen, type HomeModel } from '../../application/portal/homeModel';
import { serviceOrigin } from '../../application/apps/serviceHost';
import { useServiceHost } from '../shared/apps/assets';
import { useScreenModel } from '../shared/screenModel';
import { useCurrentUser } from '../shared/session';

/** The home tab's model (application/portal/homeModel.ts), for the tab and its widgets. */
export function useHomeModel(): HomeModel {
  const user = useCurrentUser();
  const host = useServiceHost();
  const origin = useMemo(() => serviceOrigin(host, window.location.href), [host]);
  return useScreenModel(homeScreen, { userId: user?.id ?? '', userType: user?.userType ?? 0, origin });
}
