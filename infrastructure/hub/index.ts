export { SignalRMessageHub, createSignalRHub, fixedRetryPolicy, mapHubState, HUB_INIT_METHOD, HUB_MESSAGE_EVENT } from './signalrHub';
export type { SignalRHubDeps, VisibilitySource } from './signalrHub';
