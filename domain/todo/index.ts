/** To-do context: form rules, list query, state transitions and search rows. */
export type * from './types';
export * from './messages';
export * from './form';
export * from './list';
export * from './state';
