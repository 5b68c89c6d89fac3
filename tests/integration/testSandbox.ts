import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startSandbox, type SandboxHandle, type SandboxOptions } from '../../sandbox/server';

/**
 * One sandbox for a test file, in process: started before its tests (any free port, no
 * data file, quiet), reset to the seed before each test, closed after them. The handle it
 * answers stands for the running sandbox: read its fields inside the tests and hooks, not
 * when the file loads.
 */
export function testSandbox(options: SandboxOptions = {}): SandboxHandle {
  let current: SandboxHandle | null = null;
  beforeAll(async () => {
    current = await startSandbox({ port: 0, dataFile: null, quiet: true, ...options });
  });
  afterAll(async () => {
    await current?.close();
    current = null;
  });
  beforeEach(() => current?.reset());
  const live = (): SandboxHandle => {
    if (!current) throw new Error('The sandbox runs only while the tests do.');
    return current;
  };
  return {
    get url() {
      return live().url;
    },
    get port() {
      return live().port;
    },
    get services() {
      return live().services;
    },
    get db() {
      return live().db;
    },
    close: () => live().close(),
    reset: () => live().reset(),
  };
}
