import { describe, expect, it } from 'vitest';
import { amountsOnLine, findReceiptTotal } from './receipt-total';

describe('amountsOnLine', () => {
  it('reads amounts as receipts print them, in cents', () => {
    expect(amountsOnLine('TOTAL 11.59')).toEqual([1159]);
    expect(amountsOnLine('TOTAL $1,234.56')).toEqual([123456]);
    expect(amountsOnLine('Milk 2 @ 1.50   3.00')).toEqual([150, 300]);
  });

  it('takes the comma or a spaced point that OCR reads for the decimal point', () => {
    expect(amountsOnLine('TOTAL 11,59')).toEqual([1159]);
    expect(amountsOnLine('TOTAL 11 .59')).toEqual([1159]);
  });

  it('does not read dates, times or whole numbers as amounts', () => {
    expect(amountsOnLine('03.14.2026 10:42')).toEqual([]);
    expect(amountsOnLine('Store 1234 Register 5')).toEqual([]);
    expect(amountsOnLine('14/03/26')).toEqual([]);
  });

  it('keeps the sign of a negative amount', () => {
    expect(amountsOnLine('COUPON -1.00')).toEqual([-100]);
  });
});

describe('findReceiptTotal', () => {
  const grocery = ['CORNER GROCERY', 'Milk 3.49', 'Bread 2.99', 'SUBTOTAL 6.48', 'TAX 0.52', 'TOTAL 7.00', 'CASH 20.00', 'CHANGE 13.00'];

  it('reads the TOTAL line and passes over subtotal, tax, cash tendered and change', () => {
    expect(findReceiptTotal(grocery)).toBe(700);
  });

  it('reads AMOUNT DUE and BALANCE DUE lines', () => {
    expect(findReceiptTotal(['Coffee 4.50', 'AMOUNT DUE 4.50'])).toBe(450);
    expect(findReceiptTotal(['Service 80.00', 'BALANCE DUE $85.60'])).toBe(8560);
  });

  it('prefers the largest labelled amount: the total after the tip', () => {
    expect(findReceiptTotal(['SUBTOTAL 40.00', 'TOTAL 43.20', 'TIP 8.00', 'GRAND TOTAL 51.20'])).toBe(5120);
  });

  it('takes the amount from the next line when the label stands alone', () => {
    expect(findReceiptTotal(['TOTAL', '$12.30', 'VISA 12.30'])).toBe(1230);
    expect(findReceiptTotal(['TOTAL', 'Thank you 12.30'])).toBeNull();
  });

  it('reads a zero OCR put in TOTAL', () => {
    expect(findReceiptTotal(['T0TAL 9.99'])).toBe(999);
  });

  it('does not take total tax, total savings or the item count as the total', () => {
    expect(findReceiptTotal(['TOTAL TAX 1.20', 'TOTAL SAVINGS 3.00', 'TOTAL ITEMS 3', 'TOTAL 25.10'])).toBe(2510);
  });

  it('answers null, not a guess, when no line is labelled as the total', () => {
    expect(findReceiptTotal(['Milk 3.49', 'Bread 2.99'])).toBeNull();
    expect(findReceiptTotal([])).toBeNull();
  });
});
