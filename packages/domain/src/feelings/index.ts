export * from './second-look';
export * from './purposes';
