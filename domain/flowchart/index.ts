export * from './types';
export * from './messages';
export * from './constants';
export * from './shading';
export * from './layout';
export * from './viewport';
