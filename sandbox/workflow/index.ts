/**
 * The sandbox's approval area: a workflow engine, the seeded flows and forms, and the
 * approval calls of SPEC point 7. See docs/sandbox-workflow.md.
 */
export type { WorkflowState } from './types';
export { seedWorkflow } from './seed';
export { createWorkflowModule, syncWorkflowTodos } from './routes';
