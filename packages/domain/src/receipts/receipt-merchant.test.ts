import { describe, expect, it } from 'vitest';
import { findReceiptMerchant } from './receipt-merchant';

describe('findReceiptMerchant', () => {
  it('takes the first line of the header, title-cased when printed in capitals', () => {
    expect(findReceiptMerchant(['CORNER GROCERY CO', '123 Main Street', 'TOTAL 11.59'])).toBe('Corner Grocery Co');
  });

  it('keeps a name printed in mixed case as it is', () => {
    expect(findReceiptMerchant(['Blue Bottle Coffee', 'Oakland'])).toBe('Blue Bottle Coffee');
  });

  it('passes over specks, rules, greetings, the word receipt, addresses, phone numbers and dates', () => {
    const lines = ['~ .', '-------', 'RECEIPT', '45 Elm Ave', 'Tel (555) 123-4567', '03/14/2026', '*** HARBOR HARDWARE ***'];
    expect(findReceiptMerchant(lines)).toBe('Harbor Hardware');
  });

  it('takes the shop named after a welcome', () => {
    expect(findReceiptMerchant(['Welcome to Sunrise Bakery'])).toBe('Sunrise Bakery');
  });

  it('answers null when no line is a name', () => {
    expect(findReceiptMerchant(['12.50', '--', ''])).toBeNull();
  });
});
