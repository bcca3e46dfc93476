export * from './bank-sync-rules';
