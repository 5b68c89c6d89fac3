/** Presentation-only strings of the app grid (decided wording). */
export const removeAppLabel = (name: string): string => `移除${name}`;
