export * from './quiet-hours';
export * from './nudge-words';
