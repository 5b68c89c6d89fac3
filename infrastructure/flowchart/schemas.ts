import { num, list, idText, z } from '../zod';

const text = z.nullish(z.string());

/** A chart node: { id, data: { label, blurb, nodeState } } plus the kind and position some servers add. */
export const ChartNodeSchema = z.looseObject({
  id: idText,
  type: text,
  data: z.looseObject({
    label: text,
    blurb: text,
    nodeState: z.nullish(z.union([num, z.string()])),
  }),
  position: z.nullish(z.looseObject({ x: num, y: num })),
});

export const ChartEdgeSchema = z.looseObject({
  id: text,
  source: z.string(),
  target: z.string(),
  label: text,
});

/** GET flow-html?code= and flow-html-by-appid?vid= (docs/decided-calls.md "Flow chart by run"). */
export const FlowChartSchema = z.looseObject({
  nodes: list(ChartNodeSchema),
  edges: list(ChartEdgeSchema),
});
