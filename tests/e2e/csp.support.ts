import type { CDPSession, Page } from '@playwright/test';

/**
 * Content-Security-Policy violations in a real browser, collected four ways so none slips
 * through: `securitypolicyviolation` events in the page, the console's CSP errors,
 * Chromium's own CSP issues (DevTools protocol `Audits`), and a listener put in front of
 * every worker script of the build (a worker's violations stay in the worker).
 */
export interface Violations {
  read(): Promise<string[]>;
  /** The worker scripts that were loaded (and listened to). */
  readonly workerScripts: readonly string[];
}

/** Starts recording before the first page load; `read` answers every violation so far. */
export async function recordViolations(page: Page): Promise<Violations> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`);
    });
  });
  const logged: string[] = [];
  const workerScripts: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) logged.push(`console: ${m.text()}`);
  });
  // A worker's violations fire in the worker, where neither of the above sees them: each
  // worker script of the build gets a listener in front that reports them to a route here.
  await page.route('**/__csp-worker-report', async (route) => {
    logged.push(`worker: ${route.request().postData() ?? ''}`);
    await route.fulfill({ status: 204 });
  });
  await page.route(/\/assets\/[^/]*worker[^/]*\.js$/, async (route) => {
    const response = await route.fetch();
    const listener = `self.addEventListener('securitypolicyviolation', (e) => { void fetch('/__csp-worker-report', { method: 'POST', body: e.effectiveDirective + ' blocked ' + (e.blockedURI || '(inline)') + ' at ' + e.sourceFile }); });\n`;
    workerScripts.push(route.request().url());
    await route.fulfill({ response, body: listener + (await response.text()) });
  });
  const cdp: CDPSession = await page.context().newCDPSession(page);
  cdp.on('Audits.issueAdded', ({ issue }) => {
    if (issue.code === 'ContentSecurityPolicyIssue') logged.push(`issue: ${JSON.stringify(issue.details.contentSecurityPolicyIssueDetails)}`);
  });
  await cdp.send('Audits.enable');
  return {
    workerScripts,
    read: async () => {
      // Events of pages already left were counted in the page's own list only until it unloaded:
      // the console and the Audits issues keep them.
      const inPage = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []).catch(() => []);
      return [...inPage, ...logged];
    },
  };
}
