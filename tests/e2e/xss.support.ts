import type { APIRequestContext } from '@playwright/test';
import { XSS_CORPUS, type XssPayload } from '../fixtures/xss-corpus';
import { admin } from './app.support';

/** Notices per tab: below the page size (30), so one load shows a whole tab. */
const PER_TAB = 25;

/** Seeds the corpus as notices of `account`, PER_TAB to a message tab; answers each tab's EventId and payloads. */
export async function seedCorpus(request: APIRequestContext, account: string): Promise<Array<{ eventId: string; name: string; payloads: readonly XssPayload[] }>> {
  const tabs: Array<{ eventId: string; name: string; payloads: readonly XssPayload[] }> = [];
  for (let start = 0; start < XSS_CORPUS.length; start += PER_TAB) {
    const payloads = XSS_CORPUS.slice(start, start + PER_TAB);
    const name = `安全测试${tabs.length + 1}`;
    let eventId = '';
    for (const p of payloads) {
      const answer = (await admin(request, 'notify', { account, title: `XSS #${p.n}`, context: p.html, groupName: name })) as { eventId: string };
      eventId = answer.eventId;
    }
    tabs.push({ eventId, name, payloads });
  }
  return tabs;
}
