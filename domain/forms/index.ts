// Public API of the forms domain: field model and validation (part A).
export * from './types';
export * from './messages';
export * from './dateFormats';
export * from './fields';
export * from './validation';
export * from './idCard';
export * from './files';
export * from './subform';
export * from './steps';
// Part B: rules, matchers, data sources, submitted data.
export * from './matchers';
export * from './rules';
export * from './dataSource';
export * from './formData';
export * from './fieldLimits';
