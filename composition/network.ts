/**
 * Everything that talks to the server, loaded in one piece on the first call
 * (lazyPorts.ts): the HTTP client and every HTTP adapter on it. One download instead
 * of the client and then each screen's adapter in turn: the adapters are about 15 KB
 * gzip together, less than the round trip a second step costs on a slow network.
 */
import { HttpAccountApi } from '../infrastructure/account/accountApi';
import { HttpApprovalApi } from '../infrastructure/approval/approvalApi';
import { HttpAppsApi } from '../infrastructure/apps/appsApi';
import { HttpFilesApi } from '../infrastructure/files/filesApi';
import { HttpFlowchartApi } from '../infrastructure/flowchart/flowchartApi';
import { HttpFormsApi } from '../infrastructure/forms/formsApi';
import { HttpClient, type HttpClientDeps } from '../infrastructure/http/httpClient';
import { HttpMessagesApi } from '../infrastructure/messages/messagesApi';
import { HttpPortalApi } from '../infrastructure/portal/portalApi';
import { HttpRegistrationApi } from '../infrastructure/registration/registrationApi';
import { HttpSearchApi } from '../infrastructure/search/searchApi';
import { HttpSelectorsApi } from '../infrastructure/selectors/selectorsApi';
import { HttpSessionApi } from '../infrastructure/session/sessionApi';
import { HttpTodoApi } from '../infrastructure/todo/todoApi';
import type { RuntimeConfig } from '../application/ports/runtime';

export function createNetwork(deps: HttpClientDeps, config: RuntimeConfig) {
  const http = new HttpClient(deps);
  return {
    http,
    session: new HttpSessionApi(http, config),
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

export type Network = ReturnType<typeof createNetwork>;
