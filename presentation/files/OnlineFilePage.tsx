import { Image, ImageViewer, Toast } from 'antd-mobile';
import { useEffect, useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import type { FilesApi } from '../../application/files/ports';
import { FILES_API } from '../../application/files/ports';
import { fileNameFromUrl, resolveOnlineEdit, resolvePreview, type PreviewOutcome } from '../../application/files/useCases';
import { useInjection } from '../shared/di';
import { ErrorState } from '../shared/ErrorState';
import { PageLoading } from '../shared/PageLoading';
import { FileFrame } from './FileFrame';
import { LOAD_FAILED_RETRY, NO_PREVIEW_ADDRESS } from './strings';
import './files.css';

type Mode = 'preview' | 'edit';

/**
 * page/onlinePreview?url and page/onlineEditing?url (SPEC point 2, point 8): images
 * inline, other types the online-view (or online-edit) address in a sandboxed frame;
 * 暂不支持预览 when file-type-view does not list the type; a missing address is only
 * logged (the page stays empty).
 */
function OnlineFilePage({ mode }: { mode: Mode }) {
  const search = useSearch();
  const api = useInjection<FilesApi>(FILES_API);
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const url = params.get('url') ?? '';
  const name = (params.get('name') ?? '').trim() || fileNameFromUrl(url);
  const [outcome, setOutcome] = useState<PreviewOutcome | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [zoom, setZoom] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setOutcome(null);
    const deps = { api, base: window.location.href };
    const file = { url, name };
    const run = mode === 'edit' ? resolveOnlineEdit(deps, file, { signal: controller.signal }) : resolvePreview(deps, file, { signal: controller.signal });
    void run.then((result) => {
      if (controller.signal.aborted) return;
      if (result.kind === 'failed') Toast.show({ icon: 'fail', content: result.message });
      setOutcome(result);
    });
    return () => controller.abort();
  }, [api, mode, url, name, attempt]);

  if (outcome === null) return <PageLoading />;
  switch (outcome.kind) {
    case 'image':
      return (
        <div className="cw-preview-image">
          <Image src={outcome.src} alt={name} fit="contain" onClick={() => setZoom(true)} lazy={false} />
          <ImageViewer image={outcome.src} visible={zoom} onClose={() => setZoom(false)} />
        </div>
      );
    case 'frame':
      return <FileFrame src={outcome.src} title={name} />;
    case 'unsupported':
      return <ErrorState title={outcome.message} description={name} status="empty" fullPage />;
    case 'failed':
      return (
        <ErrorState
          title={outcome.message}
          description={name}
          status="disconnected"
          actionText={LOAD_FAILED_RETRY}
          onAction={() => setAttempt((n) => n + 1)}
          fullPage
        />
      );
    case 'missing':
      return <div className="cw-preview-missing" aria-label={NO_PREVIEW_ADDRESS} />;
  }
}

export function OnlinePreviewPage() {
  return <OnlineFilePage mode="preview" />;
}

export function OnlineEditingPage() {
  return <OnlineFilePage mode="edit" />;
}
