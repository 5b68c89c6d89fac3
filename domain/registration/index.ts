/** Registration context: matter states, the page view model, remark form, QR input and student info parsing. */
export type * from './types';
export * from './messages';
export * from './lists';
export * from './matter';
export * from './qr';
export * from './remarks';
export * from './student';
