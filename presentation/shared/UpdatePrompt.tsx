import { useSyncExternalStore } from 'react';
import { APP_UPDATE } from '../../application/offline/ports';
import { APP_UPDATE_APPLY, APP_UPDATE_READY } from '../../domain/offline/messages';
import { useInjection } from './di';

/**
 * 新版本可用 with 更新, on the main tabs only (never over a form being filled): a new
 * version is downloaded and waits; the tap switches to it and the page reloads.
 */
export function UpdatePrompt() {
  const update = useInjection(APP_UPDATE);
  const ready = useSyncExternalStore(update.subscribe, update.ready, update.ready);
  if (!ready) return null;
  return (
    <div className="cw-update" role="status">
      <span className="cw-update__text">{APP_UPDATE_READY}</span>
      <button type="button" className="cw-update__apply" onClick={() => update.apply()}>
        {APP_UPDATE_APPLY}
      </button>
    </div>
  );
}
