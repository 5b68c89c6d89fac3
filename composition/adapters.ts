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

export function createAdapters(http: HttpClient) {
  return {
    account: new HttpAccountApi(http),
    approval: new HttpApprovalApi(http),
    apps: new HttpAppsApi(http),
    files: new HttpFilesApi(http),
    flowchart: new HttpFlowchartApi(http),
    forms: new HttpFormsApi(http),
    messages: new HttpMessagesApi(http),
    portal: new HttpPortalApi(http),
    registration: new HttpRegistrationApi(http),
    search: new HttpSearchApi(http),
    selectors: new HttpSelectorsApi(http),
    todo: new HttpTodoApi(http),
  };
}

export type Adapters = ReturnType<typeof createAdapters>;
