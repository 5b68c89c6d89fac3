export * from './types';
export * from './messages';
export * from './protocol';
export * from './links';
export * from './coreVersionTaps';
