import { render, type RenderResult } from '@testing-library/react';
import { createFormEngine, type FormEngine, type FormEngineOptions, type FormNotice } from '../../../../application/forms';
import type { FormDefinition } from '../../../../domain/forms/types';
import { DynamicForm } from '../../../../presentation/forms';
import { FORMS, createMemoryStorage, fakeFormsApi, fakeSelectorsApi, fakeUploader } from '../../../integration/app/forms.fixtures';
import { withContainer, type TestContainerParts } from '../appContainer';

export { FORMS };

/** Thu 2025-03-13 10:00. */
export const NOW = new Date(2025, 2, 13, 10, 0, 0).getTime();

export const settle = async (): Promise<void> => {
  for (let i = 0; i < 30; i++) await Promise.resolve();
};

// jsdom lacks what antd-mobile measures with.
export function installDomShims(): void {
  const g = globalThis as unknown as Record<string, unknown>;
  if (!g.ResizeObserver) {
    g.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  if (!window.matchMedia) {
    window.matchMedia = ((q: string) => ({ matches: false, media: q, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false })) as never;
  }
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
  if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => undefined;
}

export interface Rendered extends RenderResult {
  engine: FormEngine;
  notices: FormNotice[];
  renders: Map<string, number>;
  forms: ReturnType<typeof fakeFormsApi>;
  up: ReturnType<typeof fakeUploader>;
}

export function renderForm(
  definition: keyof typeof FORMS | FormDefinition,
  extra: Partial<FormEngineOptions> = {},
  container: TestContainerParts = {},
): Rendered {
  installDomShims();
  const forms = fakeFormsApi();
  const up = fakeUploader();
  const engine = createFormEngine({
    definition: typeof definition === 'string' ? FORMS[definition] : definition,
    mode: 'edit',
    code: typeof definition === 'string' ? definition : 'custom',
    ports: { forms, selectors: fakeSelectorsApi().api, uploader: up.uploader, storage: createMemoryStorage(), clock: { now: () => NOW } },
    ...extra,
  });
  const notices: FormNotice[] = [];
  const renders = new Map<string, number>();
  const result = render(
    <DynamicForm engine={engine} onNotice={(n) => notices.push(n)} onFieldRender={(id) => renders.set(id, (renders.get(id) ?? 0) + 1)} />,
    { wrapper: withContainer(container) },
  );
  return { ...result, engine, notices, renders, forms, up };
}
