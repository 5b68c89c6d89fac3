/** Account context: login, school code, password policy, binding, security and profile rules. */
export type * from './types';
export * from './messages';
export * from './binding';
export * from './login';
export * from './password';
export * from './profile';
export * from './security';
