import type {
  ApprovalApi,
  ApprovalCenterInfo,
  ApprovalListPage,
  ApprovalRunDetail,
  CallOptions,
  FlowOption,
  InfoQuery,
  InitiateOutcome,
  NextNodeQuery,
  NodeAutoAnswer,
  NodeAutoQuery,
  ReturnNodeQuery,
  WriteOptions,
} from '../../application/approval/ports';
import type {
  ApprovalListQuery,
  ApprovalType,
  HandlingBody,
  InitiateBody,
  InitiateFlowInfo,
  LaunchableFlowCategory,
  NextNodeData,
  QuickFeedback,
  QuickHandlingBody,
  QuickHandlingResponse,
  ReturnNode,
  SubmitHandlingBody,
} from '../../domain/approval/types';
import type { HttpClient } from '../http/httpClient';
import {
  ApprovalCenterSchema,
  ApprovalListSchema,
  FlowIdSchema,
  FlowOptionsSchema,
  FlowRunDetailSchema,
  InitiateFlowSchema,
  InitiateOutcomeSchema,
  LaunchableCategoriesSchema,
  NextNodeSchema,
  NodeAutoSchema,
  QuickFeedbackSchema,
  QuickHandlingSchema,
  ReturnNodesSchema,
} from './schemas';

const API = '/v1/less-code-service/api';
const FLOW_RUN = `${API}/flow-run`;

const nonBlank = (v: string | null | undefined): v is string => typeof v === 'string' && v.trim() !== '';

export class HttpApprovalApi implements ApprovalApi {
  constructor(private readonly http: HttpClient) {}

  approvalCenter(flow: string | null, opts?: CallOptions): Promise<ApprovalCenterInfo | null> {
    return this.http.request({
      method: 'GET',
      url: `${FLOW_RUN}/approval-center`,
      params: nonBlank(flow) ? { flow } : {},
      schema: ApprovalCenterSchema,
      signal: opts?.signal,
    });
  }

  flowOptions(opts?: CallOptions): Promise<readonly FlowOption[]> {
    return this.http.request({ method: 'GET', url: `${API}/flow-define/flow-drop-down-list`, schema: FlowOptionsSchema, signal: opts?.signal });
  }

  async list(query: ApprovalListQuery, opts?: CallOptions): Promise<ApprovalListPage> {
    const page = await this.http.request({ method: 'POST', url: `${FLOW_RUN}/list`, data: query, schema: ApprovalListSchema, signal: opts?.signal, keep: true, drawnFirst: opts?.drawnFirst });
    const { waiting, receive, already, send } = page;
    const counts =
      waiting == null && receive == null && already == null && send == null
        ? null
        : { waiting: waiting ?? 0, receive: receive ?? 0, already: already ?? 0, send: send ?? 0 };
    return { items: page.items, totalCount: page.totalCount, counts };
  }

  async revoke(flowRunId: string, opts?: CallOptions): Promise<void> {
    await this.http.request({ method: 'POST', url: `${FLOW_RUN}/revocation/${encodeURIComponent(flowRunId)}`, schema: null, signal: opts?.signal });
  }

  async markAllAsRead(opts?: CallOptions): Promise<void> {
    await this.http.request({ method: 'POST', url: `${FLOW_RUN}/mark-all-as-read`, schema: null, signal: opts?.signal });
  }

  quickHandling(body: QuickHandlingBody, opts?: WriteOptions): Promise<QuickHandlingResponse> {
    return this.http.request({
      method: 'POST',
      url: `${FLOW_RUN}/quick-handling`,
      data: body.mark === undefined ? { flowRunId: body.flowRunId, type: body.type } : { flowRunId: body.flowRunId, type: body.type, mark: body.mark },
      schema: QuickHandlingSchema,
      signal: opts?.signal,
      idempotencyKey: opts?.idempotencyKey,
    });
  }

  flowIdByAppCode(code: string, opts?: CallOptions): Promise<string | null> {
    return this.http.request({ method: 'GET', url: `${FLOW_RUN}/flowid-by-appcode`, params: { code }, schema: FlowIdSchema, signal: opts?.signal });
  }

  info(query: InfoQuery, opts?: CallOptions): Promise<ApprovalRunDetail> {
    return this.http.request({
      method: 'GET',
      url: `${FLOW_RUN}/info-app`,
      params: { FlowRunId: query.flowRunId, Type: query.type, IsAdmin: query.isAdmin === true },
      schema: FlowRunDetailSchema,
      signal: opts?.signal,
    });
  }

  /** The spec names the fields with capitals (FlowRunPrcsId, AppId, FormData); they travel in the JSON body as named. */
  nextNodes(query: NextNodeQuery, opts?: CallOptions): Promise<NextNodeData> {
    return this.http.request({
      method: 'POST',
      url: `${FLOW_RUN}/next-node`,
      data: { FlowRunPrcsId: query.flowRunPrcsId, AppId: query.appId, FormData: query.formData ?? null },
      schema: NextNodeSchema,
      signal: opts?.signal,
      keep: true,
    });
  }

  returnNodes(query: ReturnNodeQuery, opts?: CallOptions): Promise<readonly ReturnNode[]> {
    return this.http.request({
      method: 'GET',
      url: `${FLOW_RUN}/return-node`,
      params: { FlowRunPrcsId: query.flowRunPrcsId ?? undefined, AppId: query.appId },
      schema: ReturnNodesSchema,
      signal: opts?.signal,
    });
  }

  quickFeedback(type: ApprovalType, opts?: CallOptions): Promise<readonly QuickFeedback[]> {
    return this.http.request({ method: 'GET', url: `${API}/flow-advice`, params: { type }, schema: QuickFeedbackSchema, signal: opts?.signal });
  }

  async handle(body: HandlingBody | SubmitHandlingBody, opts?: WriteOptions): Promise<void> {
    await this.http.request({
      method: 'POST',
      url: `${FLOW_RUN}/handling`,
      data: body,
      schema: null,
      signal: opts?.signal,
      idempotencyKey: opts?.idempotencyKey,
    });
  }

  isNodeAuto(query: NodeAutoQuery, opts?: CallOptions): Promise<NodeAutoAnswer> {
    return this.http.request({
      method: 'POST',
      url: `${FLOW_RUN}/is-node-auto`,
      data: { nodeId: query.nodeId, appId: query.appId, formData: query.formData ?? null },
      schema: NodeAutoSchema,
      signal: opts?.signal,
    });
  }

  initiateFlow(code: string, opts?: CallOptions): Promise<InitiateFlowInfo> {
    return this.http.request({ method: 'GET', url: `${FLOW_RUN}/initiate-flow`, params: { code }, schema: InitiateFlowSchema, signal: opts?.signal });
  }

  initiate(body: InitiateBody, opts?: WriteOptions): Promise<InitiateOutcome> {
    return this.http.request({
      method: 'POST',
      url: `${FLOW_RUN}/initiate`,
      data: body,
      schema: InitiateOutcomeSchema,
      signal: opts?.signal,
      idempotencyKey: opts?.idempotencyKey,
    });
  }

  launchableFlows(filter?: string | null, opts?: CallOptions): Promise<readonly LaunchableFlowCategory[]> {
    return this.http.request({
      method: 'GET',
      url: `${FLOW_RUN}/can-initiate-flow`,
      params: nonBlank(filter) ? { Filter: filter.trim() } : {},
      schema: LaunchableCategoriesSchema,
      signal: opts?.signal,
    });
  }
}
