export * from './default-categories';
export * from './transactions';
export * from './balances';
export * from './percentages';
export * from './emotions';
export * from './entity-names';
