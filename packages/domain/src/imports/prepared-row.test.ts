import { isCleanText } from '../text';
import { describe, expect, it } from 'vitest';
import { storableRow } from './prepared-row';

describe('storableRow (issue 12: text from a statement file or a bank)', () => {
  it('drops NUL and replaces lone surrogates in every text it will store, and keeps the rest', () => {
    const stored = storableRow({
      key: 'fitid\u0000-1',
      entityName: 'Caf\u0000e\ud800',
      entityShort: 'Cafe\udc00',
      row: {
        date: '2026-11-10',
        amountCents: 475,
        type: 'expense',
        payee: 'CAFE\u0000',
        description: 'latte\ud800',
        memo: 'm\u0000',
        line: 3,
      },
    });
    expect(stored).toEqual({
      key: 'fitid-1',
      entityName: 'Cafe\ufffd',
      entityShort: 'Cafe\ufffd',
      row: {
        date: '2026-11-10',
        amountCents: 475,
        type: 'expense',
        payee: 'CAFE',
        description: 'latte\ufffd',
        memo: 'm',
        line: 3,
      },
    });
    const texts = [
      stored.key,
      stored.entityName,
      stored.entityShort,
      stored.row.payee,
      stored.row.description ?? '',
      stored.row.memo ?? '',
    ];
    expect(texts.every(isCleanText)).toBe(true);
  });

  it('leaves absent optional text absent', () => {
    const row = { date: '2026-11-10', amountCents: 1, type: 'income' as const, payee: 'Pay', line: 1 };
    expect(storableRow({ key: 'k', entityName: 'Pay', entityShort: 'Pay', row }).row).toEqual(row);
  });
});
