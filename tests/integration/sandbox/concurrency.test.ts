import { describe, expect, it } from 'vitest';
import { runLoad } from '../../../bench/loadSim';

/**
 * The sandbox under concurrent use: simulated users sign in and start and
 * approve flows at the same time through the HTTP API, sharing the few demo accounts
 * (one person on several phones), and afterwards nothing is lost or doubled: every
 * started run is there once, every approval answered with success is recorded,
 * 我的待办, its badge and the approval to-dos agree with the runs, and 已发起 counts
 * the seed plus what each account started. `npm run bench` runs the same for 50 users
 * and 20 s and prints the figures.
 */
describe('the sandbox under concurrent users', () => {
  it('20 users starting and approving flows at once lose no update and leave counts, states and to-dos consistent', async () => {
    const r = await runLoad({ users: 20, opsPerUser: 4, seed: 8 });
    expect(r.errorSamples).toEqual([]);
    expect(r.errors).toBe(0);
    expect(r.problems).toEqual([]);
    expect(r.lostUpdates).toBe(0);
    // The load did real work: every user started or approved something.
    expect(r.started).toBeGreaterThanOrEqual(20);
    expect(r.approvals).toBeGreaterThan(0);
  }, 60_000);

  it('the check notices an approval, a to-do and a started run that went missing', async () => {
    const tampered = { run: '', step: '' };
    const r = await runLoad({
      users: 6,
      opsPerUser: 3,
      seed: 3,
      beforeCheck: (sb, done) => {
        const runs = sb.db.workflow.runs;
        // Undo one agreement as a lost write would, close one open approval to-do, drop a started run.
        tampered.step = done.approvedSteps[0] ?? '';
        tampered.run = done.startedRuns.find((id) => !runs.find((x) => x.id === id)?.visits.some((v) => v.details.some((d) => d.id === tampered.step))) ?? '';
        const agreed = runs.flatMap((run) => run.visits.flatMap((v) => v.details)).find((d) => d.id === tampered.step);
        if (agreed) agreed.state = -1;
        const open = sb.db.todos.find((t) => t.todoTime === null && t.type === 1);
        if (open) open.todoTime = '2026-01-01 00:00:00';
        sb.db.workflow.runs = runs.filter((x) => x.id !== tampered.run);
      },
    });
    expect(tampered.step).not.toBe('');
    expect(tampered.run).not.toBe('');
    expect(r.lostUpdates).toBe(2);
    expect(r.problems.some((p) => p.includes(tampered.run))).toBe(true);
    expect(r.problems.some((p) => p.includes(tampered.step))).toBe(true);
    expect(r.problems.some((p) => p.includes('open approval to-do'))).toBe(true);
    expect(r.problems.some((p) => p.includes('已发起'))).toBe(true);
  }, 60_000);
});
