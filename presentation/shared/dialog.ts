/** antd-mobile's Dialog on its own, so a lazy import of it does not pull the whole library. */
export { Dialog } from 'antd-mobile';
