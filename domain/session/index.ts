export * from './types';
export * from './messages';
export * from './session';
export * from './campus';
