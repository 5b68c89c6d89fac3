import type { FileTarget } from '../../../application/forms';
import type { FieldDefinition, FieldState, Option } from '../../../domain/forms/types';
import type { FieldIds } from '../FormContext';

/** What every control gets: the definition, the current state, its element ids and the two callbacks. */
export interface ControlProps {
  readonly field: FieldDefinition;
  readonly state: FieldState;
  readonly ids: FieldIds;
  /** aria-describedby (description and error). */
  readonly describedBy: string | undefined;
  readonly invalid: boolean;
  /** Options for choice fields (the state's, or a subform column's). */
  readonly options: readonly Option[] | undefined;
  onChange(value: unknown): void;
  onBlur(): void;
}

/** Control's props: in a subform row `rowId` scopes the picker's selection and `fileTarget` says where uploads go. */
export type AnyControlProps = ControlProps & { readonly rowId?: string; readonly fileTarget?: FileTarget };

/** The aria attributes every control carries. */
export const ariaOf = (p: Pick<ControlProps, 'describedBy' | 'invalid' | 'state'>) => ({
  'aria-describedby': p.describedBy,
  'aria-invalid': p.invalid || undefined,
  'aria-required': p.state.required || undefined,
});
