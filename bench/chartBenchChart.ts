/**
 * A realistic large flow chart for the chart bench: 300 nodes in the shape the
 * server sends (domain/flowchart FlowChart), then shaded for a run part-way through it.
 *
 * The flow is a chain of stages as schools draw them: approval steps (audit), copy-to
 * steps (send), system steps (plugin: 考勤同步, 生成PDF ...), and conditional branches of
 * two or three parallel paths that merge again, with labelled edges. The run has walked
 * the first path of every branch up to a little under half the chain; the next node is
 * current. Deterministic (a seeded generator), so runs compare.
 */
import { shadeFlowChart, type ChartEdge, type ChartNode, type FlowChart, type FlowSituation, type ShadedChart } from '../domain/flowchart';

export const BENCH_NODE_COUNT = 300;

const AUDITS = ['班主任审批', '年级组长审批', '部门审批', '教务处审批', '人事处审核', '财务审核', '后勤处审批', '分管校长审批', '校长审批', '工会审核'];
const PEOPLE = ['王老师', '李主任', '赵校长', '陈老师', '刘老师', '孙主任', '周老师'];
const PLUGINS = ['考勤同步', '生成PDF', '短信通知', '归档'];
const SENDS = ['抄送校长室', '抄送教务处', '抄送发起人'];
const CONDITIONS = [
  ['请假天数 > 3', '请假天数 ≤ 3'],
  ['金额 ≥ 5000', '金额 < 5000'],
  ['教师', '学生', '其他'],
];

/** A small linear congruential generator: the same chart every run. */
const seeded = (seed: number) => {
  let s = seed >>> 0;
  return (n: number): number => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
};

export interface BenchChart {
  readonly chart: FlowChart;
  readonly situation: FlowSituation;
}

/**
 * The chart as the server sends it. `positions`: give every node a position, as the
 * sandbox's flow-html does (a top-down grid); without, the browser lays it out.
 */
export function buildBenchFlow(opts: { nodes?: number; positions?: boolean } = {}): BenchChart {
  const total = opts.nodes ?? BENCH_NODE_COUNT;
  const pick = seeded(20260306);
  const nodes: ChartNode[] = [];
  const edges: ChartEdge[] = [];
  /** The path the run takes: the first path of every branch. */
  const walk: string[] = [];
  const add = (type: ChartNode['type'], label: string, onWalk: boolean): string => {
    const id = `node_${nodes.length}`;
    const count = 1 + pick(3);
    const blurb = type === 'audit' ? (count === 1 ? PEOPLE[pick(PEOPLE.length)]! : `${PEOPLE[pick(PEOPLE.length)]!} 等${count}人`) : '';
    nodes.push({ id, type, data: { label, blurb, nodeState: null } });
    if (onWalk) walk.push(id);
    return id;
  };
  const link = (source: string, target: string, label = ''): void => {
    edges.push({ id: `edge_${edges.length}`, source, target, label });
  };
  const step = (onWalk: boolean): string => {
    const r = pick(10);
    if (r < 7) return add('audit', AUDITS[pick(AUDITS.length)]!, onWalk);
    if (r < 9) return add('plugin', PLUGINS[pick(PLUGINS.length)]!, onWalk);
    return add('send', SENDS[pick(SENDS.length)]!, onWalk);
  };

  let tails = [add('start', '发起人', true)];
  const join = (to: string): void => {
    tails.forEach((t) => link(t, to));
    tails = [to];
  };
  // Leave room for the end node and a branch of up to 3 x 3 nodes.
  while (nodes.length < total - 1) {
    const left = total - 1 - nodes.length;
    // A branch follows a single node: parallel paths merge before the next split.
    if (left >= 4 && tails.length === 1 && pick(3) === 0) {
      const labels = CONDITIONS[pick(CONDITIONS.length)]!;
      const paths = Math.min(labels.length, Math.floor(left / 2));
      const fork = tails[0]!;
      const ends: string[] = [];
      for (let p = 0; p < paths; p++) {
        const length = Math.min(1 + pick(3), Math.floor((total - 1 - nodes.length) / (paths - p)));
        let prev = '';
        for (let k = 0; k < length; k++) {
          const id = step(p === 0);
          if (k === 0) link(fork, id, labels[p]);
          else link(prev, id);
          prev = id;
        }
        ends.push(prev);
      }
      tails = ends;
    } else {
      join(step(true));
    }
  }
  join(add('end', '结束', true));

  if (opts.positions) {
    // A top-down grid by breadth-first depth, like the sandbox's flow-html.
    const depth = new Map<string, number>([[nodes[0]!.id, 0]]);
    const queue = [nodes[0]!.id];
    while (queue.length > 0) {
      const id = queue.shift()!;
      for (const e of edges)
        if (e.source === id && !depth.has(e.target)) {
          depth.set(e.target, depth.get(id)! + 1);
          queue.push(e.target);
        }
    }
    const rows = new Map<number, string[]>();
    for (const n of nodes) rows.set(depth.get(n.id) ?? 0, [...(rows.get(depth.get(n.id) ?? 0) ?? []), n.id]);
    for (let i = 0; i < nodes.length; i++) {
      const n = nodes[i]!;
      const level = depth.get(n.id) ?? 0;
      const row = rows.get(level)!;
      nodes[i] = { ...n, position: { x: (row.indexOf(n.id) - (row.length - 1) / 2) * 200, y: level * 120 } };
    }
  }

  const walked = Math.floor(walk.length * 0.45);
  const situation: FlowSituation = { completedNodeId: walk.slice(0, walked), currentNodeId: walk[walked] ?? null };
  return { chart: { nodes, edges }, situation };
}

export function buildBenchChart(opts: { nodes?: number; positions?: boolean } = {}): ShadedChart {
  const { chart, situation } = buildBenchFlow(opts);
  return shadeFlowChart(chart, situation);
}
