// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from '../../../presentation/lazyPage';
import { pageComponent } from '../../../presentation/pageComponent';

afterEach(cleanup);

describe('a lazy page: its code by preload, its component by pageComponent', () => {
  it('one component per page; it renders what the module exports under the name, after one download', async () => {
    const importer = vi.fn(() => Promise.resolve({ Hello: () => <p>你好</p> }));
    const page = lazyPage(importer, 'Hello');
    const Page = pageComponent(page);
    expect(pageComponent(page)).toBe(Page);
    await page.preload();
    render(
      <Suspense fallback={<p>加载中</p>}>
        <Page />
      </Suspense>,
    );
    await act(async () => undefined);
    expect(screen.getByText('你好')).toBeTruthy();
    expect(importer).toHaveBeenCalledOnce();
  });

  it('a failed download is forgotten: the next preload asks again', async () => {
    const importer = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ Hello: () => null });
    const page = lazyPage(importer, 'Hello');
    await expect(page.preload()).rejects.toThrow('offline');
    await expect(page.preload()).resolves.toHaveProperty('default');
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
