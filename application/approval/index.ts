// Public API of the approval application layer.
export * from './routes';
export * from './handoff';
export * from './list';
export * from './listModel';
export * from './centerModel';
export * from './batchModel';
export * from './batch';
export * from './launch';
export * from './nodeChoice';
export * from './run';
export * from './action';
export * from './flowListModel';
export * from './launchModel';
export * from './selectNodeModel';
export * from './runModel';
export * from './actionModel';
export * from './runChartModel';
export { newSubmissionId, type AlreadySubmitting } from './submission';
