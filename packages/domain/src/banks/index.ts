export * from './bank-sync-rules';
export * from './bank-consent';
