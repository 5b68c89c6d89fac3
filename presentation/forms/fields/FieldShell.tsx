import type { ReactNode } from 'react';
import type { FieldDefinition, FieldState } from '../../../domain/forms/types';
import type { FieldIds } from '../FormContext';

export interface FieldShellProps {
  readonly field: FieldDefinition;
  readonly state: Pick<FieldState, 'required' | 'errors' | 'readonly'>;
  readonly ids: FieldIds;
  /** Controls that are not labelable elements (groups, switches) are named by aria-labelledby instead. */
  readonly labelFor?: boolean;
  readonly readonlyView?: boolean;
  readonly children: ReactNode;
  /** Full-width body below the label (subforms, uploads, long text). */
  readonly stacked?: boolean;
}

/**
 * One field: its label (visually hidden with hideTitle, never removed, so the control
 * keeps its name), the description in its colour, the control and its error. The error
 * is a live region tied to the control by aria-describedby, so it is announced.
 */
export function FieldShell({ field, state, ids, labelFor = true, readonlyView = false, stacked = false, children }: FieldShellProps) {
  const title = field.title ?? '';
  const error = state.errors[0];
  // A description is a hint for whoever fills the field; a read-only value needs none.
  const description = readonlyView ? undefined : field.description?.text;
  const required = state.required && !readonlyView;
  const LabelTag = labelFor ? 'label' : 'span';
  return (
    <div
      id={ids.container}
      className={[
        'cw-fm-field',
        stacked ? 'cw-fm-field--stacked' : '',
        error ? 'cw-fm-field--invalid' : '',
        readonlyView ? 'cw-fm-field--readonly' : '',
        `cw-fm-field--${field.type}`,
      ].join(' ')}
    >
      <div className={field.hideTitle ? 'cw-visually-hidden' : 'cw-fm-field__head'}>
        {/* The mark sits outside the label, so the label text is the title alone (aria-required says the rest). */}
        {required ? (
          <span className="cw-fm-field__required" aria-hidden="true">
            *
          </span>
        ) : null}
        <LabelTag id={ids.label} className="cw-fm-field__label" {...(labelFor ? { htmlFor: ids.control } : {})}>
          {title}
        </LabelTag>
      </div>
      <div className="cw-fm-field__body">
        {children}
        {description ? (
          <div id={ids.description} className="cw-fm-field__desc" style={field.description?.color ? { color: field.description.color } : undefined}>
            {description}
          </div>
        ) : null}
        {error ? (
          <div id={ids.error} className="cw-fm-field__error" role="alert">
            {error}
          </div>
        ) : null}
      </div>
    </div>
  );
}
