// @vitest-environment jsdom
/**
 * The toast's code (presentation/shared/toast.ts): fetched once the first screen has
 * settled, not at the first idle moment (it shared a slow network with the first screen's
 * code); and never asked for while the browser says it is offline and it is not here yet
 * (the failed download would stay failed for the page's life, and with it the antd code
 * the pages share): the message then shows as a plain toast, a confirm as a plain dialog.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDLE_TIMEOUT_MS, SETTLE_DELAY_MS } from '../../../../presentation/shared/lazyModule';

const DIALOG = '../../../../presentation/shared/dialog';
let imports = 0;
const shown: unknown[] = [];
let online = true;

beforeEach(() => {
  imports = 0;
  shown.length = 0;
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.doMock(DIALOG, () => {
    imports += 1;
    return { Toast: { show: (o: unknown) => shown.push(o) }, Dialog: { confirm: () => Promise.resolve(true) } };
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.doUnmock(DIALOG);
  vi.resetModules();
  document.body.innerHTML = '';
});

const plainToasts = () => [...document.querySelectorAll('.cw-plain-toast')].map((e) => e.textContent);

describe('the toast code', () => {
  it('offline before it is here: a plain toast, and the code is not asked for; back online, the next toast loads it', async () => {
    const { showToast } = await import('../../../../presentation/shared/toast');
    online = false;
    showToast('已保存，联网后自动发送');
    await vi.waitFor(() => expect(plainToasts()).toEqual(['已保存，联网后自动发送']));
    expect(imports).toBe(0);

    online = true;
    showToast('1 项待发送的操作已发送', 'success');
    await vi.waitFor(() => expect(shown).toEqual([{ icon: 'success', content: '1 项待发送的操作已发送' }]));
    expect(imports).toBe(1);
  });

  it('once here, it is used offline too', async () => {
    const { loadDialogs, showToast } = await import('../../../../presentation/shared/toast');
    await loadDialogs();
    online = false;
    showToast('网络异常');
    await vi.waitFor(() => expect(shown).toEqual([{ content: '网络异常' }]));
    expect(plainToasts()).toEqual([]);
  });

  it("offline, a confirm is the page's own dialog, without asking for the code", async () => {
    const { antdNotifier } = await import('../../../../presentation/shared/notifier');
    online = false;
    void antdNotifier.confirm({ title: '确认撤销', content: '此操作将撤销当前流程！' });
    await vi.waitFor(() => expect(document.querySelector('.cw-plain-dialog')?.textContent).toContain('此操作将撤销当前流程！'));
    expect(imports).toBe(0);
  });

  it('is fetched ahead once the page has settled, not before', async () => {
    vi.useFakeTimers();
    const { preloadToasts } = await import('../../../../presentation/shared/toast');
    preloadToasts();
    await vi.advanceTimersByTimeAsync(SETTLE_DELAY_MS - 1);
    expect(imports).toBe(0);
    await vi.advanceTimersByTimeAsync(1 + IDLE_TIMEOUT_MS);
    await vi.waitFor(() => expect(imports).toBe(1));
  });
});
