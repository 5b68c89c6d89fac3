import type { App, AppGroup, AppLists } from '../../domain/apps/types';
import { token } from '../ports/token';
import type { CallOptions } from '../ports/call';

export type { App, AppGroup, AppLists };

export type { CallOptions };

/**
 * Application calls (SPEC point 7 "Apps"). flowid-by-appcode, which opens an approval
 * app, belongs to the approval context's port.
 */
export interface AppsApi {
  /** GET use-app/my-use-app?type&userType: the common apps and every listed app, grouped. */
  myApps(query: { type: number; userType: number }, opts?: CallOptions): Promise<AppLists>;
  /** POST use-app/remove-myuseapp with the array of app ids (the common-apps 完成). */
  removeCommonApps(appIds: readonly string[], opts?: CallOptions): Promise<void>;
  /** POST use-app/{id}/use-app-log?type=1, recorded when an app is opened. */
  logAppOpen(appId: string, opts?: CallOptions): Promise<void>;
}

export const APPS_API = token<AppsApi>('AppsApi');
