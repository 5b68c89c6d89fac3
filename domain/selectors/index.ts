export * from './types';
export * from './messages';
export * from './selectors';
