export * from './second-look';
