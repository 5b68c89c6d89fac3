import { useEffect, useState, type DependencyList } from 'react';
import type { FormEngine, FormEngineOptions } from '../../application/forms';
import { formEngineFactoryScreen } from '../../application/forms/engineScreen';
import { useScreenModel } from '../shared/screenModel';

/**
 * An engine for the life of a screen: created when `options` is not null (the
 * definition has loaded), disposed when the screen goes or the deps change. Disposing
 * keeps the live state under the draft key, so coming back (from the picker page)
 * continues where the user was. Null until created. The engine is built from the ports
 * and tells its notices through the notifier (application/forms/engineScreen.ts).
 */
export function useFormEngine(options: Omit<FormEngineOptions, 'ports'> | null, deps: DependencyList): FormEngine | null {
  const factory = useScreenModel(formEngineFactoryScreen, undefined);
  const [engine, setEngine] = useState<FormEngine | null>(null);
  useEffect(() => {
    if (!options) {
      setEngine(null);
      return;
    }
    const created = factory.create(options);
    setEngine(created);
    return () => created.dispose();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [factory, ...deps]);
  return engine;
}
