import { num, optNum, list, idText, z } from '../zod';

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

const text = z.nullish(z.string());
const count = z.pipe(num, z.number().check(z.int(), z.nonnegative()));
const flag = z.pipe(
  z.nullish(z.boolean()),
  z.transform((v) => v === true),
);

export const SituationSchema = z.looseObject({
  currentNodeId: text,
  completedNodeId: z.nullish(z.array(z.string())),
});

export const AttachmentSchema = z.looseObject({
  name: z.string(),
  suffix: text,
  size: optNum,
  domain: text,
  path: text,
  fileUrl: text,
});

// flow-run/approval-center -------------------------------------------------------

/** Null when no flow is named (the sandbox's answer; the spec shows none). */
export const ApprovalCenterSchema = z.nullable(
  z.looseObject({
    flowId: text,
    code: text,
    name: text,
    appId: text,
    configured: z.nullish(z.boolean()),
    canInitiate: z.nullish(z.boolean()),
  }),
);

// flow-define/flow-drop-down-list ------------------------------------------------

export const FlowOptionsSchema = list(z.looseObject({ id: idText, name: z.string(), code: text }));

// flow-run/list ------------------------------------------------------------------

export const FlowRunListItemSchema = z.looseObject({
  id: idText,
  title: z.string(),
  precis: text,
  creationTime: z.string(),
  creatorName: z.string(),
  creatorImage: text,
  state: num,
  isRead: z.nullish(z.boolean()),
  nodeType: optNum,
  numberStr: z.string(),
});

/** A page { items, totalCount } with the per-tab counts beside it. */
export const ApprovalListSchema = z.looseObject({
  items: list(FlowRunListItemSchema),
  totalCount: count,
  waiting: z.nullish(count),
  receive: z.nullish(count),
  already: z.nullish(count),
  send: z.nullish(count),
});

// flow-run/quick-handling --------------------------------------------------------

export const QuickHandlingSchema = z.looseObject({ isQuick: z.nullish(z.boolean()) });

// flow-run/flowid-by-appcode -----------------------------------------------------

/** The flow id as the body; null (or an empty body) when the app has no flow. */
export const FlowIdSchema = z.pipe(
  z.union([z.string(), z.null(), z.undefined()]),
  z.transform((v) => (typeof v === 'string' && v.trim() !== '' ? v : null)),
);

// flow-run/info-app --------------------------------------------------------------

export const HistoryDetailSchema = z.looseObject({
  id: idText,
  type: num,
  state: num,
  userName: text,
  userHead: text,
  prcsEndTime: text,
  timeCost: z.nullish(z.union([z.string(), num])),
  mark: text,
  files: z.nullish(z.array(AttachmentSchema)),
  autograph: text,
  isRead: z.nullish(z.boolean()),
});

export const HistoryNodeSchema = z.looseObject({
  id: idText,
  name: z.string(),
  state: num,
  modeType: optNum,
  modeUserCount: optNum,
  flowRunDetailsDtos: list(HistoryDetailSchema),
});

export const FlowRunDetailSchema = z.looseObject({
  id: idText,
  numberStr: z.string(),
  title: z.string(),
  state: num,
  type: num,
  appId: z.string(),
  tenantId: text,
  code: z.string(),
  flowRunPrcsId: text,
  approvalType: optNum,
  draftData: z.optional(z.unknown()),
  formJson: z.optional(z.unknown()),
  tenantFormJson: z.optional(z.unknown()),
  fieldLimits: z.optional(z.unknown()),
  situationDto: z.nullish(SituationSchema),
  flowRunNodeDtos: list(HistoryNodeSchema),
  creatorName: text,
  isSign: z.nullish(z.boolean()),
  isMark: z.nullish(z.boolean()),
});

// flow-run/next-node -------------------------------------------------------------

export const HandlerSchema = z.looseObject({ value: z.string(), name: z.string() });

export const FlowNodeSchema = z.looseObject({
  id: idText,
  name: z.string(),
  type: num,
  selectComponentId: text,
  isSelect: flag,
  isAuto: flag,
  handlers: list(HandlerSchema),
});

export const NextNodeSchema = z.looseObject({
  flowNodes: list(FlowNodeSchema),
  sends: list(HandlerSchema),
  sendSelectComponentId: text,
  sendIsSelect: flag,
  isMark: flag,
  isSelectUser: z.nullish(z.boolean()),
});

// flow-run/return-node, flow-advice ----------------------------------------------

export const ReturnNodesSchema = list(HandlerSchema);

export const QuickFeedbackSchema = list(z.looseObject({ content: z.string() }));

// flow-run/is-node-auto ----------------------------------------------------------

export const NodeAutoSchema = z.looseObject({ isAuto: z.boolean(), message: text });

// flow-run/initiate-flow, initiate -----------------------------------------------

export const InitiateFlowSchema = z.looseObject({
  message: text,
  appId: text,
  draftData: z.optional(z.unknown()),
  flowName: text,
  situationDto: z.nullish(SituationSchema),
  formJson: z.optional(z.unknown()),
  tenantFormJson: z.optional(z.unknown()),
  fieldLimits: z.optional(z.unknown()),
});

/** The spec shows no answer: an empty body is fine, a run id is read when there is one. */
export const InitiateOutcomeSchema = z.pipe(
  z.nullish(
    z.looseObject({ id: text, flowRunId: text, numberStr: text, state: optNum, isDraft: z.nullish(z.boolean()) }),
  ),
  z.transform((v) => ({
    flowRunId: v && v.isDraft !== true ? (v.flowRunId ?? v.id ?? null) : null,
    numberStr: v?.numberStr ?? null,
    state: v?.state ?? null,
  })),
);

// flow-run/can-initiate-flow -----------------------------------------------------

export const LaunchableFlowSchema = z.looseObject({
  code: z.string(),
  name: z.string(),
  describe: text,
  icon: text,
  iconBgColor: text,
});

export const LaunchableCategoriesSchema = list(
  z.looseObject({
    name: z.string(),
    flows: list(LaunchableFlowSchema),
  }),
);
