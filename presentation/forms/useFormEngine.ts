import { useEffect, useMemo, useState, type DependencyList } from 'react';
import { createFormEngine, type FormEngine, type FormEngineOptions, type FormEnginePorts } from '../../application/forms';
import { FILES_API, type FilesApi } from '../../application/files/ports';
import { FORMS_API, type FormsApi } from '../../application/forms/ports';
import type { Clock, KeyValueStorage } from '../../application/ports/runtime';
import { CLOCK, KEY_VALUE_STORAGE, UPLOADER } from '../../application/ports/tokens';
import type { Uploader } from '../../application/ports/upload';
import { SELECTORS_API, type SelectorsApi } from '../../application/selectors/ports';
import { useInjection } from '../shared/di';

/** The ports a form engine needs, from the container. */
export function useFormPorts(): FormEnginePorts {
  const forms = useInjection<FormsApi>(FORMS_API);
  const selectors = useInjection<SelectorsApi>(SELECTORS_API);
  const files = useInjection<FilesApi>(FILES_API);
  const uploader = useInjection<Uploader>(UPLOADER);
  const storage = useInjection<KeyValueStorage>(KEY_VALUE_STORAGE);
  const clock = useInjection<Clock>(CLOCK);
  return useMemo(() => ({ forms, selectors, files, uploader, storage, clock }), [forms, selectors, files, uploader, storage, clock]);
}

/**
 * An engine for the life of a screen: created when `options` is not null (the
 * definition has loaded), disposed when the screen goes or the deps change. Disposing
 * keeps the live state under the draft key, so coming back (from the picker page)
 * continues where the user was. Null until created.
 */
export function useFormEngine(options: Omit<FormEngineOptions, 'ports'> | null, deps: DependencyList): FormEngine | null {
  const ports = useFormPorts();
  const [engine, setEngine] = useState<FormEngine | null>(null);
  useEffect(() => {
    if (!options) {
      setEngine(null);
      return;
    }
    const created = createFormEngine({ ...options, ports });
    setEngine(created);
    return () => created.dispose();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ports, ...deps]);
  return engine;
}
