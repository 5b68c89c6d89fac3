// Public API of the selector pages: other screens open them through the selection channel.
export { PickerPage, ListPickerPage, SelectorsPage, SelectorScreen } from './SelectorScreen';
export const PICKER_PATH = '/page/picker';
export const LIST_PICKER_PATH = '/page/listPicker';
/** The address of a selector page for a channel key. */
export const selectorPath = (key: string, flat = false): string => `${flat ? LIST_PICKER_PATH : PICKER_PATH}?key=${encodeURIComponent(key)}`;
