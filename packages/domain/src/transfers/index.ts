export * from './legs';
export * from './suggestions';
