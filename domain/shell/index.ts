export * from './types';
export * from './messages';
export * from './protocol';
export * from './links';
export * from './coreVersionTaps';
export * from './linkPolicy';
export * from './framePolicy';
export * from './webView';
