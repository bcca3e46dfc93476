export * from './content';
export * from './text';
export * from './html';
export * from './schedule';
