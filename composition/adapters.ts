/**
 * Every HTTP adapter but the session's, in one download (lazyPorts.ts): one file instead
 * of each screen's adapter in turn after the client. Together about 15 KB gzip, less than
 * the round trip a second step would cost on a slow network.
 */
import { HttpAccountApi } from '../infrastructure/account/accountApi';
import { HttpApprovalApi } from '../infrastructure/approval/approvalApi';
import { HttpAppsApi } from '../infrastructure/apps/appsApi';
import { HttpFilesApi } from '../infrastructure/files/filesApi';
import { HttpFlowchartApi } from '../infrastructure/flowchart/flowchartApi';
import { HttpFormsApi } from '../infrastructure/forms/formsApi';
import type { HttpClient } from '../infrastructure/http/httpClient';
import { HttpMessagesApi } from '../infrastructure/messages/messagesApi';
import { HttpPortalApi } from '../infrastructure/portal/portalApi';
import { HttpRegistrationApi } from '../infrastructure/registration/registrationApi';
import { HttpSearchApi } from '../infrastructure/search/searchApi';
import { HttpSelectorsApi } from '../infrastructure/selectors/selectorsApi';
import { HttpTodoApi } from '../infrastructure/todo/todoApi';
import type { CallPaths } from '../application/ports/runtime';

/** `calls`: the paths of the calls the spec leaves unnamed, from config.json (docs/config.md). */
export function createAdapters(http: HttpClient, calls: CallPaths) {
  return {
    account: new HttpAccountApi(http, calls),
    approval: new HttpApprovalApi(http),
    apps: new HttpAppsApi(http),
    files: new HttpFilesApi(http),
    flowchart: new HttpFlowchartApi(http, calls),
    forms: new HttpFormsApi(http, calls),
    messages: new HttpMessagesApi(http),
    portal: new HttpPortalApi(http),
    registration: new HttpRegistrationApi(http),
    search: new HttpSearchApi(http),
    selectors: new HttpSelectorsApi(http),
    todo: new HttpTodoApi(http, calls),
  };
}

export type Adapters = ReturnType<typeof createAdapters>;
