export * from './useCases';
export * from './model';
export * from './schoolStore';
