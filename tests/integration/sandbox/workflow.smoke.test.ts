import { it } from 'vitest';
import { FakeCore, U } from './workflow.fixtures';
it('smoke', async () => {
  const core = new FakeCore();
  for (const r of core.state.runs) console.log(r.numberStr, r.title, r.state, r.visits.map(v => `${v.name}[${v.state}](${v.details.map(d=>d.userName+':'+d.type+'/'+d.state).join(',')})`).join(' > '));
  for (const acc of ['t1001','t1002','t1003','s2001','p3001']) {
    const l = await core.post('flow-run/list', U[acc]!, { type: 0, skipCount: 0, maxResultCount: 10 });
    console.log(acc, JSON.stringify({ total: l.body.totalCount, w: l.body.waiting, r: l.body.receive, a: l.body.already, s: l.body.send }));
  }
  console.log(core.todos.length, core.todos.map(t => t.name + '@' + t.userId).join('\n'));
});
