/**
 * The routes the message screens lead to, built from the one route table
 * (application/shared/routes.ts) so a path is written once.
 */
import { PATHS } from '../shared/routes';
import type { FlowApprovalQuery } from '../../domain/messages/types';
import type { MessageTab } from './ports';

const withQuery = (path: string, query: Record<string, string>): string => `${path}?${new URLSearchParams(query).toString()}`;

/** A message tab's notices: page/notice?id=&name=. */
export const noticePath = (tab: Pick<MessageTab, 'id' | 'name'>): string => withQuery(PATHS.notice, { id: tab.id, name: tab.name });

/** The message centre itself, the tab of the main layout. */
export const messageTabPath = (): string => `${PATHS.main}?${new URLSearchParams({ tab: 'message' }).toString()}`;

/** The approval page of a run a notice names (FlowRunId, and type and tab when the notice has them). */
export const noticeApprovalPath = (query: FlowApprovalQuery): string =>
  withQuery(PATHS.flowApproval, {
    FlowRunId: query.FlowRunId,
    ...(query.type !== undefined ? { type: query.type } : {}),
    ...(query.tab !== undefined ? { tab: query.tab } : {}),
  });

/** The to-do a notice names. */
export const noticeTodoPath = (todoId: string): string => withQuery(PATHS.todoForm, { todoId });
