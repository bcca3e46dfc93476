export * from './figures';
export * from './triggers';
