// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderForm, settle } from './setup';

afterEach(() => cleanup());

const frame = () => screen.queryByTitle('嵌入页面') as HTMLIFrameElement | null;
const withSrc = async (src: string, trustedFrameOrigins: readonly string[] = []) => {
  renderForm({ fields: [{ id: 'f', type: 'iframe', src }] }, {}, { config: { trustedFrameOrigins } });
  await act(settle);
};

describe('the form iframe block is a sandboxed frame under the one frame rule', () => {
  it('a page on the app host runs scripts, but never with the app origin; no referrer', async () => {
    await withSrc('/sandbox/preview/notice?x=1');
    const sandbox = frame()?.getAttribute('sandbox') ?? '';
    expect(sandbox.split(' ')).toContain('allow-scripts');
    expect(sandbox).not.toContain('allow-same-origin');
    expect(frame()?.getAttribute('referrerpolicy')).toBe('no-referrer');
  });

  it('a third-party page runs in an opaque origin unless the deployment trusts it', async () => {
    await withSrc('https://apps.example.edu/form-preview');
    expect(frame()?.getAttribute('sandbox')).not.toContain('allow-same-origin');
    expect(frame()?.getAttribute('src')).toBe('https://apps.example.edu/form-preview');
    cleanup();
    await withSrc('https://apps.example.edu/form-preview', ['https://apps.example.edu']);
    expect(frame()?.getAttribute('sandbox')).toContain('allow-same-origin');
  });

  it('never lets a popup escape its sandbox or a dialog show', async () => {
    await withSrc('/sandbox/preview/notice?x=1');
    const sandbox = frame()?.getAttribute('sandbox') ?? '';
    expect(sandbox).not.toContain('allow-popups-to-escape-sandbox');
    expect(sandbox).not.toContain('allow-modals');
    expect(sandbox).not.toContain('allow-top-navigation');
  });

  it.each(['javascript:alert(document.domain)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)', '//evil.example/x\\y', ''])(
    'no frame at all for %s',
    async (src) => {
      await withSrc(src);
      expect(frame()).toBeNull();
    },
  );
});
