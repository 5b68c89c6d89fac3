import { existsSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeSnapshot } from './core/persist';
import { createSeed } from './seed';
import { DEMO_ACCOUNTS, DEMO_SCHOOL_CODE, DEMO_SIDS, PC_ONLY_SCHOOL_CODE } from './seed/accounts';
import { startSandbox } from './server';
import { startForeignSite } from './hostile/foreignSite';
import { makeHostile } from './hostile/seed';

/**
 * tsx sandbox/main.ts [--serve-dist] [--dist DIR] [--port N] [--memory] [--quiet] [--reset-only] [--hostile] [--host ADDR]
 * Data lives in sandbox/.data/db.json (created from the seed on first run); --memory keeps
 * it in memory, fresh from the seed, as the browser tests want. DIST_DIR (env) or --dist
 * picks the build to serve, so parallel test runs can build side by side.
 */
const here = dirname(fileURLToPath(import.meta.url));
const DATA_FILE = join(here, '.data', 'db.json');
const DEFAULT_DIST = resolve(here, '..', process.env['DIST_DIR'] ?? 'dist');

interface Args {
  serveDist: boolean;
  distDir: string;
  port: number;
  resetOnly: boolean;
  memory: boolean;
  quiet: boolean;
  /** Every text, link, picture and HTML field hostile, with a foreign site on the next port. */
  hostile: boolean;
  /** The address to listen on: 127.0.0.1 by default; 0.0.0.0 (or a LAN address) lets a phone on the same network in. */
  host: string;
  help: boolean;
}

function parseArgs(argv: string[]): Args {
  let port = Number(process.env['PORT'] ?? 8787);
  let serveDist = false;
  let distDir = DEFAULT_DIST;
  let memory = false;
  let quiet = false;
  let resetOnly = false;
  let help = false;
  let hostile = false;
  let host = process.env['HOST'] ?? '127.0.0.1';
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--serve-dist') serveDist = true;
    else if (a === '--reset-only') resetOnly = true;
    else if (a === '--help' || a === '-h') help = true;
    else if (a === '--memory') memory = true;
    else if (a === '--quiet') quiet = true;
    else if (a === '--hostile') hostile = true;
    else if (a === '--host') host = argv[++i] ?? '';
    else if (a?.startsWith('--host=')) host = a.slice(7);
    else if (a === '--dist') distDir = resolve(argv[++i] ?? '');
    else if (a?.startsWith('--dist=')) distDir = resolve(a.slice(7));
    else if (a === '--port') port = Number(argv[++i]);
    else if (a?.startsWith('--port=')) port = Number(a.slice(7));
    else throw new Error(`Unknown argument: ${a}`);
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('--port needs a number between 0 and 65535');
  if (!/^[\w.:-]+$/.test(host)) throw new Error('--host needs an address such as 0.0.0.0 or 192.168.1.20');
  return { serveDist, distDir, port, resetOnly, memory, quiet, hostile, host, help };
}

function accountsTable(): string {
  const rows = DEMO_ACCOUNTS.map((a) => [a.account, a.password, a.name, String(a.userType), a.note]);
  const head = ['account', 'password', 'name', 'type', 'note'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => width(r[i]!))));
  const line = (cells: string[]): string => cells.map((c, i) => c + ' '.repeat(widths[i]! - width(c))).join('  ').trimEnd();
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** This machine's IPv4 addresses on its networks (not loopback): where a phone can reach it. */
function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((a): a is NonNullable<typeof a> => a !== undefined && a.family === 'IPv4' && !a.internal)
    .map((a) => a.address);
}

/** Display width: CJK characters take two columns. */
function width(s: string): number {
  let n = 0;
  for (const ch of s) n += /[\u1100-\uffff]/.test(ch) ? 2 : 1;
  return n;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.help) {
    console.log('Usage: tsx sandbox/main.ts [--serve-dist] [--dist DIR] [--port N] [--memory] [--quiet] [--reset-only] [--hostile] [--host ADDR]');
    return;
  }
  if (args.resetOnly) {
    writeSnapshot(DATA_FILE, { db: createSeed(new Date()), sessions: { access: {}, refresh: {} } });
    console.log(`Sandbox data reset from the seed: ${DATA_FILE}`);
    return;
  }
  if (args.serveDist && !existsSync(join(args.distDir, 'index.html'))) {
    throw new Error(`--serve-dist: ${args.distDir}/index.html not found; run npm run build first`);
  }
  const { host } = args;
  // Hostile mode keeps its data in memory: the data file stays the ordinary seed.
  const foreign = args.hostile ? await startForeignSite({ host, port: args.port === 0 ? 0 : args.port + 1 }) : null;
  const sandbox = await startSandbox({
    port: args.port,
    host,
    dataFile: args.memory || args.hostile ? null : DATA_FILE,
    distDir: args.serveDist ? args.distDir : undefined,
    quiet: args.quiet,
    ...(foreign ? { frameSources: [foreign.url] } : {}),
  });
  if (foreign) {
    const replaced = makeHostile(sandbox.db, { foreign: foreign.url, app: new URL(sandbox.url).origin });
    console.log(`Hostile mode: ${replaced} texts, links, pictures and HTML fields replaced; foreign site ${foreign.url}. A reset brings the ordinary seed back.`);
  }
  if (host === '0.0.0.0' || host === '::') {
    const lan = lanAddresses().map((ip) => `http://${ip}:${sandbox.port}/`);
    if (lan.length > 0) console.log(`On a phone on the same network, open: ${lan.join('  or  ')}`);
  }
  if (args.quiet) {
    console.log(`Campus sandbox listening on ${sandbox.url}`);
  } else {
    console.log(`\nCampus sandbox listening on ${sandbox.url}${args.serveDist ? ` (serving ${args.distDir})` : ''}`);
    console.log(`Data file: ${args.memory ? '(in memory)' : DATA_FILE}`);
    console.log(`School codes: ${DEMO_SCHOOL_CODE} (mobile), ${PC_ONLY_SCHOOL_CODE} (PC only)`);
    console.log(`SSO sids (one use each): ${DEMO_SIDS.map((s) => s.sid).join(', ')}`);
    console.log(`Admin: POST ${sandbox.url}/sandbox/admin/reset | expire-tokens | fault | clock | notify | sid\n`);
    console.log(accountsTable());
    console.log('\nSMS codes are printed below as [sms] lines.\n');
  }

  const stop = (): void => {
    void Promise.all([sandbox.close(), foreign?.close()]).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
