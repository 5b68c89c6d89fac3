import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import { META_KEY, type FormEngine, type FormMeta } from '../../application/forms';
import type { FieldState } from '../../domain/forms/types';

export interface FormContextValue {
  readonly engine: FormEngine;
  /** Stable name of this form for selection keys (its draft key, else its code). */
  readonly formKey: string;
}

const Ctx = createContext<FormContextValue | null>(null);

export const FormProvider = Ctx.Provider;

export function useFormContext(): FormContextValue {
  const v = useContext(Ctx);
  if (!v) throw new Error('<DynamicForm> is missing above this field');
  return v;
}

export function useEngine(): FormEngine {
  return useFormContext().engine;
}

/** One key of the engine's store: the component redraws only when that key changes. */
export function useStoreKey<T>(key: string): T | undefined {
  const engine = useEngine();
  const subscribe = useCallback((listener: () => void) => engine.subscribe(key, listener), [engine, key]);
  const get = useCallback(() => engine.read<T>(key), [engine, key]);
  return useSyncExternalStore(subscribe, get, get);
}

export function useFieldState(id: string): FieldState | undefined {
  return useStoreKey<FieldState>(id);
}

export function useFormMeta(): FormMeta {
  const engine = useEngine();
  return useStoreKey<FormMeta>(META_KEY) ?? engine.getMeta();
}

/** Element ids of a field's parts, so labels, descriptions and errors are tied to the control. */
export interface FieldIds {
  readonly control: string;
  readonly label: string;
  readonly description: string;
  readonly error: string;
  readonly container: string;
}

const safe = (s: string): string => s.replace(/[^A-Za-z0-9_-]/g, '_');

export const fieldIds = (id: string, scope = ''): FieldIds => {
  const base = `cw-f-${safe(scope)}${scope ? '-' : ''}${safe(id)}`;
  return { control: `${base}-control`, label: `${base}-label`, description: `${base}-desc`, error: `${base}-error`, container: `${base}` };
};

/** aria-describedby of a control: its description and its error, when shown. */
export const describedBy = (ids: FieldIds, hasDescription: boolean, hasError: boolean): string | undefined => {
  const parts = [hasDescription ? ids.description : '', hasError ? ids.error : ''].filter((p) => p !== '');
  return parts.length > 0 ? parts.join(' ') : undefined;
};
