export * from './csv-writer';
export * from './csv-money';
