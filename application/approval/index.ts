// Public API of the approval application layer.
export * from './useCases';
export * from './model';
