import { describe, expect, it } from 'vitest';
import { currencyCode } from '../currency';
import { csvAmountIn } from './csv-money';
import { csvRecord } from './csv-writer';

describe('csvAmountIn', () => {
  it('writes hundredths in the currency’s own decimals', () => {
    expect(csvAmountIn(-4150, currencyCode('EUR'))).toEqual({ numeric: '-41.50' });
    expect(csvAmountIn(123400, currencyCode('JPY'))).toEqual({ numeric: '1234' });
    expect(csvAmountIn(123, currencyCode('BHD'))).toEqual({ numeric: '1.230' });
    expect(csvAmountIn(5, currencyCode('USD'))).toEqual({ numeric: '0.05' });
  });

  it('stays a number cell: a negative amount gets no formula guard', () => {
    expect(csvRecord([csvAmountIn(-1999, currencyCode('USD')), '-1999'])).toBe("-19.99,'-1999");
  });
});
