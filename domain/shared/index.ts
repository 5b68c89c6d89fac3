export * from './result';
export * from './formats';
export * from './messages';
export * from './paging';
export * from './guards';
