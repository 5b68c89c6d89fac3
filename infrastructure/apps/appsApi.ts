import type { AppLists, AppsApi, CallOptions } from '../../application/apps/ports';
import type { HttpClient } from '../http/httpClient';
import { AppListsSchema } from './schemas';

const SYS = '/v1/saas-system-service/api/use-app';

export const APPS_PATHS = Object.freeze({
  myApps: `${SYS}/my-use-app`,
  removeCommon: `${SYS}/remove-myuseapp`,
  openLog: (id: string) => `${SYS}/${encodeURIComponent(id)}/use-app-log`,
});

/** The use-app-log `type` for opening an app (SPEC point 7). */
const OPEN_LOG_TYPE = 1;

export class HttpAppsApi implements AppsApi {
  constructor(private readonly http: HttpClient) {}

  myApps(query: { type: number; userType: number }, opts: CallOptions = {}): Promise<AppLists> {
    return this.http.request({
      method: 'GET',
      url: APPS_PATHS.myApps,
      params: { type: query.type, userType: query.userType },
      schema: AppListsSchema,
      signal: opts.signal,
      drawnFirst: opts.drawnFirst,
    });
  }

  async removeCommonApps(appIds: readonly string[], opts: CallOptions = {}): Promise<void> {
    // The bare array is the sandbox's canonical body (docs/api/part-a.md).
    await this.http.request({ method: 'POST', url: APPS_PATHS.removeCommon, data: [...appIds], schema: null, signal: opts.signal });
  }

  async logAppOpen(appId: string, opts: CallOptions = {}): Promise<void> {
    await this.http.request({ method: 'POST', url: APPS_PATHS.openLog(appId), params: { type: OPEN_LOG_TYPE }, schema: null, signal: opts.signal });
  }
}
