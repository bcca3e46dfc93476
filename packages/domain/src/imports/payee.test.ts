import { describe, expect, it } from 'vitest';
import { normalizePayee, payeeKey, UNKNOWN_PAYEE } from './payee';

describe('payee normalization', () => {
  it.each([
    ['POS PURCHASE FRED MEYER #0123 PORTLAND OR', 'Fred Meyer'],
    ['POS DEBIT SAFEWAY 1490 SAN FRANCISCO CA', 'Safeway'],
    ['DEBIT CARD PURCHASE XXXX1234 SAFEWAY 1490 SAN FRANCISCO CA', 'Safeway'],
    ['CHECKCARD 1104 STARBUCKS STORE 05123 SEATTLE WA', 'Starbucks'],
    ['SQ *BLUE BOTTLE COFFEE OAKLAND CA', 'Blue Bottle Coffee'],
    ['TST* SHAKE SHACK #123 NEW YORK NY', 'Shake Shack'],
    ['PAYPAL *NETFLIX', 'Netflix'],
    ['ACH DEBIT PGE WEB ONLINE 1234567', 'PGE'],
    ['PGE DES:WEB ONLINE ID:XXXXX12345 INDN:JANE DOE CO ID:1234567890 WEB', 'PGE'],
    ['AMZN Mktp US*2K3L45J', 'Amazon'],
    ["MCDONALD'S F12345 PORTLAND OR", "McDonald's"],
    ['NETFLIX.COM 866-579-7172 CA', 'Netflix'],
    ['UBER *EATS', 'Uber Eats'],
    ['T-MOBILE AUTO PAY', 'T-Mobile'],
    ['PURCHASE AUTHORIZED ON 11/04 CHEVRON 0091234 PORTLAND OR S581234567 CARD 1234', 'Chevron'],
    ['CVS/PHARMACY #01234', 'CVS/Pharmacy'],
    ['7-ELEVEN 32145', '7-Eleven'],
    ['SHELL OIL 57442181009 BEAVERTON OR', 'Shell Oil'],
    ['DUTCH BROS 1104', 'Dutch Bros'],
    ['DUTCH BROS 11/04', 'Dutch Bros'],
    ['COMCAST CABLE COMM (800) 266-2278 PA', 'Comcast Cable Comm'],
    ['THE HOME DEPOT #4002', 'The Home Depot'],
    ['BANK OF AMERICA ATM', 'Bank of America ATM'],
    ['DIRECT DEP ACME CORP PAYROLL', 'Acme Corp Payroll'],
    ['AT&T *PAYMENT', 'AT&T'],
    ["Trader Joe's", "Trader joe's".replace('joe', 'Joe')],
    ['iTunes Store #12', 'iTunes Store'],
    ['trader joes', 'Trader Joes'],
  ])('%s → %s', (raw, name) => {
    expect(normalizePayee(raw).name).toBe(name);
  });

  it('gives the short name through shortEntityName', () => {
    const long = normalizePayee('POS PURCHASE NORTHWEST NATURAL GAS COMPANY OF THE PACIFIC COAST');
    expect(long.name).toBe('Northwest Natural Gas Company of the Pacific Coast');
    expect(long.nameShort).toBe('Northwest Natural Gas');
    expect(normalizePayee('ACME WIDGETS INC').nameShort).toBe('Acme Widgets');
  });

  it('never returns an empty name', () => {
    expect(normalizePayee('').name).toBe(UNKNOWN_PAYEE);
    expect(normalizePayee('   ').name).toBe(UNKNOWN_PAYEE);
    expect(normalizePayee('CHECK 1042').name).toBe('Check 1042');
    expect(normalizePayee('#1234').name).not.toBe('');
  });

  it('gives the same key to the same merchant seen at other stores, dates and cities', () => {
    const key = payeeKey('FRED MEYER #0123 PORTLAND OR');
    expect(key).toBe('fred meyer');
    expect(payeeKey('POS PURCHASE FRED MEYER #0456 BEAVERTON OR 11/04')).toBe(key);
    expect(payeeKey('Fred Meyer')).toBe(key);
    expect(payeeKey("TRADER JOE'S #123")).toBe('trader joes');
    expect(payeeKey('STARBUCKS')).not.toBe(payeeKey('SAFEWAY'));
  });

  it('returns a fresh object each time, so a caller editing it cannot poison the cache', () => {
    const first = normalizePayee('SAFEWAY #1');
    first.name = 'changed';
    expect(normalizePayee('SAFEWAY #1').name).toBe('Safeway');
  });
});

describe('payee clean-up keeps meaning (issue 17)', () => {
  it.each([
    ['CHECK 2002', 'Check 2002'],
    ['CHK #0118', 'Check 118'],
    ['Check 2002', 'Check 2002'],
    ['Withdrawal from AMERICAN EXPRESS ACH PMT', 'American Express'],
    ['WITHDRAWAL TO SAVINGS ACCOUNT', 'Savings Account'],
    ['TPAY <DEFTPYMT>', 'Tpay <Deftpymt>'],
    ['FROM THE FARM MARKET', 'From the Farm Market'],
  ])('%s → %s', (raw, name) => {
    expect(normalizePayee(raw).name).toBe(name);
  });

  it('leaves the payee key as rows already imported were keyed, so an overlapping re-import adds nothing', () => {
    // The keys below are those of the clean-up before issue 17 (commit 773375a): de-duplication
    // keys stored in the database were made with them.
    expect(normalizePayee('CHECK 2002').name).toBe('Check 2002');
    expect(payeeKey('CHECK 2002')).toBe('check');
    expect(payeeKey('CHK #2002')).toBe('chk');
    expect(normalizePayee('Withdrawal from AMERICAN EXPRESS ACH PMT').name).toBe('American Express');
    expect(payeeKey('Withdrawal from AMERICAN EXPRESS ACH PMT')).toBe('from american express');
    expect(payeeKey('POS PURCHASE AT WALMART 1234')).toBe('at walmart');
  });
});

describe('payee clean-up stays readable (issue 34)', () => {
  it.each([
    ['CLOUDFLARE 650-3198939, US 9.95 USD, 1 USD = 0.9254 EUR', 'Cloudflare'],
    ['CLOUDFLARE 650-3198939, US 9.95 USD, 1 USD = 0.92543 EUR', 'Cloudflare'],
    ['STEAM GAMES 425-9522985 WA', 'Steam Games'],
    ['CORNER SHOP 12345-6789', 'Corner Shop'],
    ['ÉPARGNE LOGEMENT', 'Épargne Logement'],
    ['ÜBERWEISUNG', 'Überweisung'],
    ['Überweisung an Müller', 'Überweisung an Müller'],
    ['AUCHAN SUPER MA30BORDEAUX', 'Auchan Super'],
    ['MÜNCHEN12345 KIOSK', 'München12345 Kiosk'],
    ['SAFEWAY, INC.', 'Safeway, Inc'],
  ])('%s → %s', (raw, name) => {
    expect(normalizePayee(raw).name).toBe(name);
  });

  it('never leaves a number cut at a dash or a dot, nor a lone "=" or ","', () => {
    for (const raw of ['ACME 650-3198939 SHOP', 'ACME 0.92543 SHOP', 'ACME 12345-6789 SHOP', 'ACME 1 USD = 0.9254 EUR SHOP']) {
      const name = normalizePayee(raw).name;
      expect(name).toBe('Acme Shop');
      expect(name).not.toMatch(/\d[-.](?!\d)|(?<!\S)[=,](?!\S)/);
    }
  });

  it('keeps the payee keys rows were imported under, so a re-import adds nothing', () => {
    // Keys as the clean-up before issue 34 made them: the readable-number rules are for display only.
    expect(payeeKey('CLOUDFLARE 650-3198939, US 9.95 USD, 1 USD = 0.9254 EUR')).toBe('cloudflare 650 us 9 95 usd 1 usd 0 9254 eur');
    expect(payeeKey('STEAM GAMES 425-9522985 WA')).toBe('steam games');
    expect(payeeKey('ÉPARGNE LOGEMENT')).toBe(payeeKey('épargne logement'));
  });
});
