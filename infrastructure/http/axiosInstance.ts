import axios, { type AxiosInstance, type CreateAxiosDefaults } from 'axios';

/**
 * An axios instance as the app's calls use it. Calls carry the session as a Bearer token
 * (CONTRACT: `Authorization`), never as a cookie, so there is no XSRF cookie to send back:
 * reading one is turned off. Left on, axios 1.x in a browser with the Cookie Store API
 * (Chromium, the Android web view) awaits `cookieStore.get` before sending each
 * same-origin call: a round trip to the browser process, then a task of its own on the
 * main thread (behind the first screens' render, at start-up) before the call goes out.
 */
export const createAxios = (config: CreateAxiosDefaults = {}): AxiosInstance => axios.create({ ...config, withXSRFToken: false });
