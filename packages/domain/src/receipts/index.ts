export * from './read-receipt';
export * from './receipt-date';
export * from './receipt-matches';
export * from './receipt-merchant';
export * from './receipt-total';
