export * from './second-look';
export * from './purposes';
export * from './suggestion';
