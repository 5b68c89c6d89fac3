import { useCallback } from 'react';
import { UPLOADER } from '../../application/ports/tokens';
import { useInjection } from './di';

/**
 * For a file input's click, which opens its picker: the upload's code and the hash's
 * worker get ready while the user chooses (Uploader.prepare), so the first file does not
 * wait for them. A failure here is met, and shown, by the upload itself.
 */
export function usePrepareUpload(): () => void {
  const uploader = useInjection(UPLOADER);
  return useCallback(() => {
    void uploader.prepare?.().catch(() => undefined);
  }, [uploader]);
}
