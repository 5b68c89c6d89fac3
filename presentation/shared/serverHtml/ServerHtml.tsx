import { memo, useEffect, useMemo, useRef, type MouseEvent } from 'react';
import { LINK_OPENER } from '../../../application/ports/tokens';
import type { LinkOpener } from '../../../application/shell/links';
import { useInjection } from '../di';
import { sanitizeServerHtml } from './sanitize';

/**
 * Server HTML (a notice body, a form paragraph, a registration matter): sanitised
 * (./sanitize.ts), and every link inside followed through the link policy
 * (domain/shell/linkPolicy.ts), never by the browser: an app route opens in the app, any
 * other page in the sandboxed web view, a file on the file page. A picture that does not
 * load is hidden rather than shown as a broken icon.
 */
export const ServerHtml = memo(function ServerHtml({ html, className }: { html: unknown; className?: string }) {
  const links = useInjection<LinkOpener>(LINK_OPENER);
  const clean = useMemo(() => sanitizeServerHtml(html), [html]);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onError = (e: Event) => {
      if (e.target instanceof HTMLImageElement) e.target.style.display = 'none';
    };
    el.addEventListener('error', onError, true);
    for (const img of Array.from(el.querySelectorAll('img'))) if (img.complete && img.naturalWidth === 0) img.style.display = 'none';
    return () => el.removeEventListener('error', onError, true);
  }, [clean]);

  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const anchor = (e.target as Element).closest?.('a[href], area[href]');
    if (!anchor || !e.currentTarget.contains(anchor)) return;
    // Whatever the policy answers, the browser itself never follows the link, and the
    // tap does not reach a card around the text.
    e.preventDefault();
    e.stopPropagation();
    links.open(anchor.getAttribute('href'), 'serverHtml', (anchor.textContent ?? '').trim());
  };

  if (clean === '') return null;
  return <div className={className} ref={ref} onClick={onClick} dangerouslySetInnerHTML={{ __html: clean }} />;
});
