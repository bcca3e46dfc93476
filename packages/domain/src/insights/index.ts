export * from './figures';
export * from './triggers';
export * from './together';
