export * from './range';
export * from './net-worth';
export * from './cash-flow';
export * from './spending';
export * from './csv';
