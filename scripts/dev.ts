/**
 * npm run dev: the sandbox backend on 8787 and Vite with hot reload on 5173, which
 * proxies /v1, /messagehub and /sandbox to the sandbox (vite.config.ts).
 */
import { createServer } from 'vite';
import { startSandbox } from '../sandbox/server';
import { DEMO_ACCOUNTS, DEMO_SCHOOL_CODE } from '../sandbox/seed/accounts';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const sandbox = await startSandbox({
    port: Number(process.env['SANDBOX_PORT'] ?? 8787),
    dataFile: join(here, '..', 'sandbox', '.data', 'db.json'),
  });
  const vite = await createServer({ configFile: join(here, '..', 'vite.config.ts') });
  await vite.listen();
  console.log(`Sandbox: ${sandbox.url}`);
  vite.printUrls();
  console.log(`School code ${DEMO_SCHOOL_CODE}; accounts: ${DEMO_ACCOUNTS.map((a) => a.account).join(', ')} (password ${DEMO_ACCOUNTS[0]?.password ?? ''})`);
  const stop = (): void => {
    void Promise.all([vite.close(), sandbox.close()]).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
