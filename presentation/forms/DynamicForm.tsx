import { useEffect, useMemo, type ReactNode } from 'react';
import type { FormEngine } from '../../application/forms';
import { fieldIds, FormProvider } from './FormContext';
import { FormNodes, useMetaValue } from './FormNodes';
import { RenderProbe } from './probe';
import { ReminderModal } from './ReminderModal';
import './forms.css';

export interface DynamicFormProps {
  /** The form to show (createFormEngine; useFormEngine in a screen). */
  readonly engine: FormEngine;
  readonly className?: string;
  /** Content under the fields, inside the form card (e.g. the page's own notes). */
  readonly footer?: ReactNode;
  /**
   * Notices (load failures, restore errors, check failures) for a caller that shows them
   * itself; an engine from useFormEngine tells them through the notifier already.
   */
  readonly onNotice?: (notice: { kind: 'fail' | 'info'; text: string }) => void;
  /** Counts field renders (benchmark, tests). */
  readonly onFieldRender?: (fieldId: string) => void;
}

/** What tells that the user went on after a failed check: a tap, a key, another field taking the focus. */
const MOVED_ON = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * Brings the first failing field into view and gives it the focus, unless the user has
 * gone on meanwhile: on a slow phone the step may take long to draw, and a late focus
 * would pull the typing out of the field the user is in, or scroll under an open picker.
 */
function ErrorFocus() {
  const focus = useMetaValue((m) => m.errorFocus);
  useEffect(() => {
    if (!focus) return;
    const ids = fieldIds(focus.fieldId);
    let movedOn = false;
    const onMove = () => {
      movedOn = true;
    };
    const listen = (on: boolean) => {
      for (const type of MOVED_ON) (on ? document.addEventListener : document.removeEventListener).call(document, type, onMove, true);
    };
    listen(true);
    // After the tab or step holding the field has rendered.
    const t = setTimeout(() => {
      listen(false);
      if (movedOn) return;
      const box = document.getElementById(ids.container);
      box?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      const control = document.getElementById(ids.control);
      if (control && typeof control.focus === 'function') control.focus({ preventScroll: true });
    }, 60);
    return () => {
      clearTimeout(t);
      listen(false);
    };
  }, [focus]);
  return null;
}

/**
 * The dynamic form renderer (SPEC point 2 "Dynamic form renderer", point 3 "Dynamic
 * forms"): every field type, container and content block of the engine's definition,
 * in edit or read-only mode, with the initial reminder. Only the fields that change
 * redraw. The caller owns the engine (and disposes it); this component writes the
 * pending draft when the page is hidden.
 */
export function DynamicForm({ engine, className, footer, onNotice, onFieldRender }: DynamicFormProps) {
  const context = useMemo(() => ({ engine, formKey: engine.draftKey ?? `code:${engine.code}` }), [engine]);
  useEffect(() => (onNotice ? engine.onNotice(onNotice) : undefined), [engine, onNotice]);
  useEffect(() => {
    const flush = () => engine.flushDraft();
    const hidden = () => {
      if (document.visibilityState === 'hidden') engine.flushDraft();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', hidden);
      engine.flushDraft();
    };
  }, [engine]);
  return (
    <FormProvider value={context}>
      <RenderProbe.Provider value={onFieldRender ?? null}>
        {/*
          A div, not a <form>: nothing is submitted natively, and the browser's form
          bookkeeping makes mounting 300 controls inside one <form> several times slower.
        */}
        <div className={className ? `cw-fm-form ${className}` : 'cw-fm-form'} data-mode={engine.mode}>
          <FormNodes nodes={engine.definition.fields} />
          {footer}
        </div>
        <ErrorFocus />
        <ReminderModal />
      </RenderProbe.Provider>
    </FormProvider>
  );
}
