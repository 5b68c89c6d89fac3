/**
 * Form engines for screens: built from the ports (the typed registry), with the engine's
 * notices (load failures, restore errors, check failures) told through the one notifier.
 * One factory per signed-in user; each engine lives as long as the screen that asked
 * for it (the screen disposes it).
 */
import type { Notifier } from '../ports/runtime';
import { CLOCK, KEY_VALUE_STORAGE, NOTIFIER, UPLOADER } from '../ports/tokens';
import { defineScreen } from '../shared/screens';
import { FILES_API } from '../files/ports';
import { SELECTORS_API } from '../selectors/ports';
import { createFormEngine, type FormEngine, type FormEngineOptions, type FormEnginePorts } from './engine';
import { FORMS_API } from './ports';

export interface FormEngineFactory {
  /** A new engine for these options; its notices are told to the user. */
  create(options: Omit<FormEngineOptions, 'ports'>): FormEngine;
}

export function createFormEngineFactory(ports: FormEnginePorts, notifier: Pick<Notifier, 'fail' | 'info'>): FormEngineFactory {
  return {
    create(options) {
      const engine = createFormEngine({ ...options, ports });
      engine.onNotice((n) => (n.kind === 'fail' ? notifier.fail(n.text) : notifier.info(n.text)));
      return engine;
    },
  };
}

export const formEngineFactoryScreen = defineScreen({
  name: 'forms.engineFactory',
  lifetime: 'user',
  key: () => '',
  create: (get) =>
    createFormEngineFactory(
      {
        forms: get(FORMS_API),
        selectors: get(SELECTORS_API),
        files: get(FILES_API),
        uploader: get(UPLOADER),
        storage: get(KEY_VALUE_STORAGE),
        clock: get(CLOCK),
      },
      get(NOTIFIER),
    ),
});
