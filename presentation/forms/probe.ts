import { createContext } from 'react';

/**
 * Called with a field id each time that field renders. Nothing listens in the app; the
 * benchmark and the tests count renders per keystroke with it.
 */
export const RenderProbe = createContext<((fieldId: string) => void) | null>(null);
