/** The to-do port lives with the cross-cutting ports: home's widget and search use it too. */
export * from '../ports/todo';
