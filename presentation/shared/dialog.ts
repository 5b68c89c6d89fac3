/** antd-mobile's Dialog and Toast on their own, so a lazy import of them does not pull the whole library. */
export { Dialog, Toast } from 'antd-mobile';
