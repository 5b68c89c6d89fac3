/**
 * The sandbox under load: 50 simulated users start and approve flows through
 * the HTTP API of an in-process sandbox on loopback for 20 s, then nothing may be lost
 * (bench/loadSim.ts does the work and the check). Requests per second are for the
 * record; an unexpected error, a lost update or an inconsistency fails the bench.
 * LOAD_USERS and LOAD_SECONDS override the defaults for a quick try.
 */
import { runLoad } from './loadSim';
import type { Row } from './types';

const USERS = Number(process.env.LOAD_USERS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 20);

export async function runLoadBench(): Promise<Row[]> {
  const r = await runLoad({ users: USERS, durationMs: SECONDS * 1000 });
  const seconds = r.elapsedMs / 1000;
  return [
    {
      name: `Requests per second (${r.users} users, ${seconds.toFixed(1)} s)`,
      value: Math.round(r.requests / seconds),
      unit: 'req/s',
      target: null,
      pass: null,
      detail: `${r.requests} requests, ${r.started} runs started, ${r.approvals} steps approved; ${Math.round(r.requests / (r.cpuMs / 1000))} per CPU second (this process had the CPU ${Math.round((r.cpuMs / r.elapsedMs) * 100)}% of the time)`,
    },
    {
      name: 'Unexpected errors (5xx, other 4xx, network)',
      value: r.errors,
      unit: '',
      target: '0',
      pass: r.errors === 0,
      ...(r.errorSamples.length > 0 ? { detail: r.errorSamples.join(' | ') } : {}),
    },
    {
      name: 'Expected business errors (a step another session took first)',
      value: r.conflicts,
      unit: '',
      target: null,
      pass: null,
      detail: '409 not at your node, 400 next step no longer offered',
    },
    { name: 'Lost updates (started runs or approvals missing or doubled)', value: r.lostUpdates, unit: '', target: '0', pass: r.lostUpdates === 0 },
    {
      name: 'Inconsistencies afterwards (runs, 我的待办, to-dos, 已发起)',
      value: r.problems.length,
      unit: '',
      target: '0',
      pass: r.problems.length === 0,
      ...(r.problems.length > 0 ? { detail: r.problems.slice(0, 3).join(' | ') } : {}),
    },
  ];
}
