import { createContext, useContext } from 'react';

/**
 * Whether the page is on screen. The initialisation gate draws a page under its skeleton
 * before the session is fully ready (presentation/session/InitGate.tsx); what must not
 * happen unseen (a reminder's countdown, focusing a field) waits for this to turn true.
 * Outside the gate it is always true.
 */
export const GateShownContext = createContext(true);
export const useGateShown = (): boolean => useContext(GateShownContext);
