import axios, { type AxiosInstance, type CreateAxiosDefaults } from 'axios';

/**
 * An axios instance as the app's calls use it. Calls carry the session as a Bearer token
 * (CONTRACT: `Authorization`), never as a cookie, so there is no XSRF cookie to send back:
 * reading one is turned off. Left on, axios 1.x in a browser with the Cookie Store API
 * (Chromium, the Android web view) awaits `cookieStore.get` before sending each
 * same-origin call, and the send then waits for the main thread to be free again, which
 * at start-up, while the first screens render, held each call back by about 100 ms.
 */
export const createAxios = (config: CreateAxiosDefaults = {}): AxiosInstance => axios.create({ ...config, withXSRFToken: false });
