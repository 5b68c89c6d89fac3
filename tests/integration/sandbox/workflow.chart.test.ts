import { describe, expect, it } from 'vitest';
import { shadeFlowChart } from '../../../domain/flowchart/shading';
import { FakeCore, U } from './workflow.fixtures';

const states = (chart: { nodes: { id: string; data: { nodeState: string } }[] }) => Object.fromEntries(chart.nodes.map((n) => [n.id, n.data.nodeState]));

describe('flow chart', () => {
  it('flow-html?code= draws the flow with kinds, blurbs, branch labels; the start is current', async () => {
    const core = new FakeCore();
    const res = await core.get('flow-run/flow-html', U.t1001!, { code: 'leave' });
    expect(res.status).toBe(200);
    expect(res.body.nodes.map((n: { id: string; type: string }) => [n.id, n.type])).toEqual([
      ['leave-start', 'start'],
      ['leave-dept', 'audit'],
      ['leave-teacher', 'audit'],
      ['leave-principal', 'audit'],
      ['leave-sync', 'plugin'],
      ['leave-cc', 'send'],
      ['leave-end', 'end'],
    ]);
    expect(res.body.nodes[1].data).toEqual({ label: '部门审批', blurb: '李主任', nodeState: 'unhandled' });
    expect(res.body.nodes[0].data.nodeState).toBe('handling');
    expect(res.body.nodes[5].data.blurb).toBe('抄送：赵校长');
    expect(res.body.edges).toContainEqual({ id: 'leave-e2', source: 'leave-dept', target: 'leave-principal', label: '请假天数＞3', state: 'unhandled' });
    const purchase = await core.get('flow-run/flow-html', U.t1001!, { code: 'purchase' });
    expect(purchase.body.nodes[1].data.blurb).toBe('会签：李主任、赵校长');
    const notice = await core.get('flow-run/flow-html', U.t1001!, { code: 'notice-draft' });
    expect(notice.body.nodes[1].data.blurb).toBe('发起人自选');
  });

  it('flow-html-by-appid shades an approved run: every node on its way handled, its edges too', async () => {
    const core = new FakeCore();
    const run = core.state.runs.find((r) => r.numberStr.startsWith('QJ') && r.state === 1 && r.initiatorId === U.t1001!.id)!;
    const res = await core.get('flow-run/flow-html-by-appid', U.t1001!, { vid: 'app-leave', flowRunId: run.id });
    expect(states(res.body)).toEqual({
      'leave-start': 'handled',
      'leave-dept': 'handled',
      'leave-teacher': 'unhandled',
      'leave-principal': 'handled',
      'leave-sync': 'handled',
      'leave-cc': 'handled',
      'leave-end': 'handled',
    });
    const handledEdges = res.body.edges.filter((e: { state: string }) => e.state === 'handled').map((e: { id: string }) => e.id);
    expect(handledEdges.sort()).toEqual(['leave-e1', 'leave-e2', 'leave-e4', 'leave-e5', 'leave-e6']);
    // The client's own shading from the detail's situation agrees with the server's nodeState.
    const detail = (await core.get('flow-run/info-app', U.t1001!, { FlowRunId: run.id })).body;
    const shaded = shadeFlowChart(res.body, detail.situationDto);
    expect(shaded.nodes.map((n) => n.shade)).toEqual(res.body.nodes.map((n: { data: { nodeState: string } }) => n.data.nodeState));
  });

  it('shades a waiting run by its id: completed handled, current handling, the rest unhandled', async () => {
    const core = new FakeCore();
    const run = core.state.runs.find((r) => r.numberStr.startsWith('QJ') && r.state === 0)!;
    const res = await core.get('flow-run/flow-html-by-appid', U.t1002!, { vid: run.id });
    expect(states(res.body)).toMatchObject({ 'leave-start': 'handled', 'leave-dept': 'handling', 'leave-principal': 'unhandled', 'leave-end': 'unhandled' });
    expect(res.body.nodes[0].data.blurb).toBe('王老师');
  });

  it('marks a revoked run: nothing current, only the start handled', async () => {
    const core = new FakeCore();
    const run = core.state.runs.find((r) => r.state === 3)!;
    const detail = (await core.get('flow-run/info-app', U.t1001!, { FlowRunId: run.id })).body;
    expect(detail.situationDto).toEqual({ currentNodeId: null, completedNodeId: ['leave-start'] });
  });

  it.each([
    ['flow-run/flow-html', { code: 'nope' }, 404],
    ['flow-run/flow-html', {}, 400],
    ['flow-run/flow-html-by-appid', { vid: 'nope' }, 404],
    ['flow-run/flow-html-by-appid', {}, 400],
  ])('%s %j answers %i', async (path, query, status) => {
    const core = new FakeCore();
    expect((await core.get(path, U.t1001!, query as Record<string, string>)).status).toBe(status);
  });

  it('keeps other users out of a run chart', async () => {
    const core = new FakeCore();
    const run = core.state.runs.find((r) => r.numberStr.startsWith('QJ') && r.state === 0)!;
    expect((await core.get('flow-run/flow-html-by-appid', U.s2001!, { vid: run.id })).status).toBe(403);
  });
});

describe('the notice preview frame', () => {
  it('is public HTML showing the fields it is given, escaped', async () => {
    const core = new FakeCore();
    const res = await core.call('GET', '/sandbox/preview/notice', null, { query: { title: '<b>通知</b>', docNo: '校办〔2025〕1号' } });
    expect(res.status).toBe(200);
    expect(res.body).toContain('&#60;b&#62;通知');
    expect(res.body).toContain('校办〔2025〕1号');
  });
});
