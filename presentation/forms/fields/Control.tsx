import { AddressControl, CascaderControl, CheckboxControl, MultiselectControl, RadioControl, SelectControl } from './ChoiceControls';
import { DateControl } from './DateControl';
import { FileControl, ImageControl } from './FileControls';
import { NumberControl } from './NumberControl';
import { PickerControl } from './PickerControl';
import { SubformControl } from './SubformControl';
import { SwitchControl } from './SwitchControl';
import { TextControl } from './TextControl';
import type { AnyControlProps } from './types';

/**
 * The editing control of every field type (SPEC point 3 "Field types"). In a subform row
 * `rowId` scopes the picker's selection and `fileTarget` says where uploads go.
 */
export function Control(p: AnyControlProps) {
  switch (p.field.type) {
    case 'input':
    case 'textarea':
      return <TextControl {...p} />;
    case 'number':
      return <NumberControl {...p} />;
    case 'switch':
      return <SwitchControl {...p} />;
    case 'date':
    case 'date-range':
      return <DateControl {...p} />;
    case 'radio':
      return <RadioControl {...p} />;
    case 'checkbox':
      return <CheckboxControl {...p} />;
    case 'select':
      return <SelectControl {...p} />;
    case 'multiselect':
      return <MultiselectControl {...p} />;
    case 'cascader':
      return <CascaderControl {...p} />;
    case 'address':
      return <AddressControl {...p} />;
    case 'image':
      return <ImageControl {...p} target={p.fileTarget} />;
    case 'file':
    case 'document':
      return <FileControl {...p} target={p.fileTarget} />;
    case 'picker':
      return <PickerControl {...p} />;
    case 'subform':
      // The row editor draws its columns with this same Control, handed over rather than imported back.
      return <SubformControl {...p} columnControl={Control} />;
    default:
      return null;
  }
}
