// Public API of the form renderer for other screens (approval launch and detail pages).
export { DynamicForm } from './DynamicForm';
export type { DynamicFormProps } from './DynamicForm';
export { useFormEngine } from './useFormEngine';
export { pickerPath } from './fields/PickerControl';
