import { describe, expect, it } from 'vitest';
import { testSandbox } from '../testSandbox';
import { ApiError } from '../../../application/ports/errors';
import { shadeFlowChart } from '../../../domain/flowchart/shading';
import { HttpFlowchartApi } from '../../../infrastructure/flowchart/flowchartApi';
import { cannedServer, loginAs } from './support/partB';

const sb = testSandbox();

const chartApi = async () => new HttpFlowchartApi((await loginAs(sb.url, 't1001')).http);

describe('HttpFlowchartApi against the sandbox', () => {
  it('GET flow-html?code= answers the chart: nodes { id, data { label, blurb, nodeState } } and edges', async () => {
    const chart = await (await chartApi()).chart({ code: 'leave' });
    expect(chart).not.toBeNull();
    const ids = chart!.nodes.map((n) => n.id);
    expect(ids).toEqual(expect.arrayContaining(['leave-start', 'leave-dept', 'leave-principal', 'leave-end']));
    expect(chart!.nodes.find((n) => n.id === 'leave-dept')?.data.label).toBe('部门审批');
    expect(chart!.nodes.find((n) => n.id === 'leave-end')?.data.blurb).toBe('流程结束');
    expect(chart!.edges).toEqual(expect.arrayContaining([expect.objectContaining({ source: 'leave-start', target: 'leave-dept', label: '教职工' })]));
  });

  it('GET flow-html-by-appid?vid= is used when the app id is known, even with a code beside it', async () => {
    // The code names no flow: only the app id variant can succeed.
    const chart = await (await chartApi()).chart({ appId: 'app-purchase', code: 'no-such-flow' });
    expect(chart!.nodes.map((n) => n.id)).toEqual(expect.arrayContaining(['pur-start', 'pur-countersign', 'pur-end']));
  });

  it('the chart shades with the domain rules from a situation', async () => {
    const chart = await (await chartApi()).chart({ appId: 'app-leave' });
    const shaded = shadeFlowChart(chart!, { currentNodeId: 'leave-dept', completedNodeId: ['leave-start'] });
    expect(shaded.nodes.find((n) => n.id === 'leave-dept')?.shade).toBe('handling');
    expect(shaded.nodes.find((n) => n.id === 'leave-start')?.shade).toBe('handled');
  });

  it('neither id nor code: null without a call', async () => {
    await expect((await chartApi()).chart({ appId: ' ', code: null })).resolves.toBeNull();
  });

  it('an unknown flow rejects with the server message', async () => {
    const failure = await (await chartApi()).chart({ code: 'no-such-flow' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 404, message: '流程不存在' });
  });
});

describe('the zod boundary of the flowchart adapter', () => {
  it.each([
    ['an edge without target', { nodes: [], edges: [{ source: 'a' }] }],
    ['a node without data', { nodes: [{ id: 'a' }], edges: [] }],
    ['edges that are not a list', { nodes: [], edges: 'none' }],
  ])('%s is an ApiError malformed', async (_name, answer) => {
    const canned = await cannedServer(answer);
    try {
      await expect(new HttpFlowchartApi(canned.http).chart({ code: 'leave' })).rejects.toMatchObject({ kind: 'malformed' });
    } finally {
      await canned.close();
    }
  });
});
