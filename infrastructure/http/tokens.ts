/**
 * DI tokens for the infrastructure pieces adapters are built from. The composition
 * root binds them; adapters name them in `@inject(...)` so no decorator metadata is needed.
 */

/** The one HttpClient instance (infrastructure/http/httpClient.ts). */
export const HTTP_CLIENT = Symbol.for('HttpClient');

/** The RuntimeConfig read from config.json at start-up (infrastructure/config/runtimeConfig.ts). */
export const RUNTIME_CONFIG = Symbol.for('RuntimeConfig');
