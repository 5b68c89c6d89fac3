import { z } from '../zod';

/**
 * Answers of the approval calls (SPEC point 7 "Approval"; entity fields from point 3).
 * Loose objects: unknown fields pass. Required are the fields a screen cannot do
 * without; fields the spec implies a server may leave out are nullish.
 *
 * Known variations read leniently (nothing else is coerced):
 * - absent flags of the next-node answer (isSelect, isAuto, sendIsSelect, isMark) mean
 *   "not set" and read as false; absent handler/recipient lists read as empty;
 * - a history detail's timeCost is text on some servers and minutes on others.
 */

const text = z.string().nullish();
const count = z.number().int().nonnegative();
const flag = z
  .boolean()
  .nullish()
  .transform((v) => v === true);
const list = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullish()
    .transform((v) => v ?? []);

export const SituationSchema = z.looseObject({
  currentNodeId: text,
  completedNodeId: z.array(z.string()).nullish(),
});

export const AttachmentSchema = z.looseObject({
  name: z.string(),
  suffix: text,
  size: z.number().nullish(),
  domain: text,
  path: text,
  fileUrl: text,
});

// flow-run/approval-center -------------------------------------------------------

/** Null when no flow is named (the sandbox's answer; the spec shows none). */
export const ApprovalCenterSchema = z
  .looseObject({
    flowId: text,
    code: text,
    name: text,
    appId: text,
    configured: z.boolean().nullish(),
    canInitiate: z.boolean().nullish(),
  })
  .nullable();

// flow-define/flow-drop-down-list ------------------------------------------------

export const FlowOptionsSchema = z.array(z.looseObject({ id: z.string(), name: z.string(), code: text }));

// flow-run/list ------------------------------------------------------------------

export const FlowRunListItemSchema = z.looseObject({
  id: z.string(),
  title: z.string(),
  precis: text,
  creationTime: z.string(),
  creatorName: z.string(),
  creatorImage: text,
  state: z.number(),
  isRead: z.boolean().nullish(),
  nodeType: z.number().nullish(),
  numberStr: z.string(),
});

/** A page { items, totalCount } with the per-tab counts beside it. */
export const ApprovalListSchema = z.looseObject({
  items: z.array(FlowRunListItemSchema),
  totalCount: count,
  waiting: count.nullish(),
  receive: count.nullish(),
  already: count.nullish(),
  send: count.nullish(),
});

// flow-run/quick-handling --------------------------------------------------------

export const QuickHandlingSchema = z.looseObject({ isQuick: z.boolean().nullish() });

// flow-run/flowid-by-appcode -----------------------------------------------------

/** The flow id as the body; null (or an empty body) when the app has no flow. */
export const FlowIdSchema = z
  .union([z.string(), z.null(), z.undefined()])
  .transform((v) => (typeof v === 'string' && v.trim() !== '' ? v : null));

// flow-run/info-app --------------------------------------------------------------

export const HistoryDetailSchema = z.looseObject({
  id: z.string(),
  type: z.number(),
  state: z.number(),
  userName: text,
  userHead: text,
  prcsEndTime: text,
  timeCost: z.union([z.string(), z.number()]).nullish(),
  mark: text,
  files: z.array(AttachmentSchema).nullish(),
  autograph: text,
  isRead: z.boolean().nullish(),
});

export const HistoryNodeSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  state: z.number(),
  modeType: z.number().nullish(),
  modeUserCount: z.number().nullish(),
  flowRunDetailsDtos: z.array(HistoryDetailSchema),
});

export const FlowRunDetailSchema = z.looseObject({
  id: z.string(),
  numberStr: z.string(),
  title: z.string(),
  state: z.number(),
  type: z.number(),
  appId: z.string(),
  tenantId: text,
  code: z.string(),
  flowRunPrcsId: text,
  approvalType: z.number().nullish(),
  draftData: z.unknown().optional(),
  formJson: z.unknown().optional(),
  tenantFormJson: z.unknown().optional(),
  fieldLimits: z.unknown().optional(),
  situationDto: SituationSchema.nullish(),
  flowRunNodeDtos: z.array(HistoryNodeSchema),
  creatorName: text,
  isSign: z.boolean().nullish(),
  isMark: z.boolean().nullish(),
});

// flow-run/next-node -------------------------------------------------------------

export const HandlerSchema = z.looseObject({ value: z.string(), name: z.string() });

export const FlowNodeSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  type: z.number(),
  selectComponentId: text,
  isSelect: flag,
  isAuto: flag,
  handlers: list(HandlerSchema),
});

export const NextNodeSchema = z.looseObject({
  flowNodes: z.array(FlowNodeSchema),
  sends: list(HandlerSchema),
  sendSelectComponentId: text,
  sendIsSelect: flag,
  isMark: flag,
  isSelectUser: z.boolean().nullish(),
});

// flow-run/return-node, flow-advice ----------------------------------------------

export const ReturnNodesSchema = z.array(HandlerSchema);

export const QuickFeedbackSchema = z.array(z.looseObject({ content: z.string() }));

// flow-run/is-node-auto ----------------------------------------------------------

export const NodeAutoSchema = z.looseObject({ isAuto: z.boolean(), message: text });

// flow-run/initiate-flow, initiate -----------------------------------------------

export const InitiateFlowSchema = z.looseObject({
  message: text,
  appId: text,
  draftData: z.unknown().optional(),
  flowName: text,
  situationDto: SituationSchema.nullish(),
  formJson: z.unknown().optional(),
  tenantFormJson: z.unknown().optional(),
  fieldLimits: z.unknown().optional(),
});

/** The spec shows no answer: an empty body is fine, a run id is read when there is one. */
export const InitiateOutcomeSchema = z
  .looseObject({ id: text, flowRunId: text, numberStr: text, state: z.number().nullish(), isDraft: z.boolean().nullish() })
  .nullish()
  .transform((v) => ({
    flowRunId: v && v.isDraft !== true ? (v.flowRunId ?? v.id ?? null) : null,
    numberStr: v?.numberStr ?? null,
    state: v?.state ?? null,
  }));

// flow-run/can-initiate-flow -----------------------------------------------------

export const LaunchableFlowSchema = z.looseObject({
  code: z.string(),
  name: z.string(),
  describe: text,
  icon: text,
  iconBgColor: text,
});

export const LaunchableCategoriesSchema = z.array(
  z.looseObject({
    name: z.string(),
    flows: z.array(LaunchableFlowSchema),
  }),
);
