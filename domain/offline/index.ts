export * from './messages';
export * from './outbox';
