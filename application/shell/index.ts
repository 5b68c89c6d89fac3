export * from './useCases';
