export * from './second-look';
export * from './purposes';
export * from './suggestion';
export * from './regret-radar';
export * from './pause-forecast';
export * from './subscriptions';
export * from './coverage';
