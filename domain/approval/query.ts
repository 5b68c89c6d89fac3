import type { ApprovalListQuery } from './types';
import { err, ok, type Message, type Result } from '../shared/result';
import { CHOOSE_USER_TYPE_FIRST } from './messages';
import { formatQueryDate, nonBlank, type DateInput } from './format';
import { APPROVAL_PAGE_SIZE, skipCountForPage } from './list';
import { RECEIVED_TAB, TODO_TAB, approvalTab } from './tabs';

/** What the search bar and the filter popup hold. */
export interface ApprovalFilter {
  readonly state?: number | null;
  readonly flowId?: string | null;
  readonly userType?: number | null;
  readonly initiateUser?: readonly string[] | null;
  readonly titleOrNumber?: string | null;
  readonly formData?: string | null;
  readonly createdDateStart?: DateInput;
  readonly createdDateEnd?: DateInput;
  readonly overDateStart?: DateInput;
  readonly overDateEnd?: DateInput;
  readonly isNotRead?: boolean | null;
}

/** What the reset button restores. */
export const EMPTY_APPROVAL_FILTER: ApprovalFilter = Object.freeze({});

const hasUserType = (userType: unknown): userType is number =>
  typeof userType === 'number' && Number.isFinite(userType);

/** Initiators are picked per user type, so the type must be chosen first. */
export const initiatorChoiceError = (userType: unknown): Message =>
  hasUserType(userType) ? null : CHOOSE_USER_TYPE_FIRST;

/** Chosen initiators belong to the old user type, so changing it drops them. */
export const withUserType = (filter: ApprovalFilter, userType: number | null): ApprovalFilter =>
  filter.userType === userType ? filter : { ...filter, userType, initiateUser: [] };

const trimmed = (value: unknown): string | undefined => (nonBlank(value) ? value.trim() : undefined);

const date = (value: DateInput): string | undefined => formatQueryDate(value) ?? undefined;

/** Drops undefined keys so the body carries only the filters in use. */
const compact = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/**
 * Body of POST flow-run/list for a tab and a 1-based page. Fails only when
 * initiators are chosen without a user type.
 */
export const buildApprovalListQuery = (
  filter: ApprovalFilter | null | undefined,
  tab: unknown,
  page: unknown,
): Result<ApprovalListQuery, string> => {
  const f = filter ?? EMPTY_APPROVAL_FILTER;
  const { index, listType } = approvalTab(tab);
  const initiators = Array.isArray(f.initiateUser) ? f.initiateUser.filter(nonBlank) : [];
  if (initiators.length > 0 && !hasUserType(f.userType)) return err(CHOOSE_USER_TYPE_FIRST);
  const state = index !== TODO_TAB && typeof f.state === 'number' && Number.isFinite(f.state) ? f.state : undefined;
  return ok(
    compact<ApprovalListQuery>({
      type: listType,
      titleOrNumber: trimmed(f.titleOrNumber),
      formData: trimmed(f.formData),
      flowId: trimmed(f.flowId),
      initiateUser: initiators.length > 0 ? initiators : undefined,
      userType: hasUserType(f.userType) ? f.userType : undefined,
      createdDateStart: date(f.createdDateStart),
      createdDateEnd: date(f.createdDateEnd),
      overDateStart: date(f.overDateStart),
      overDateEnd: date(f.overDateEnd),
      state,
      isNotRead: index === RECEIVED_TAB ? f.isNotRead === true : undefined,
      skipCount: skipCountForPage(page),
      maxResultCount: APPROVAL_PAGE_SIZE,
    }),
  );
};
