import { describe, expect, it } from 'vitest';
import { isMixedCase, titleCasePayee } from './payee-case';

describe('title case of payee names (issue 34: accented capitals)', () => {
  it.each([
    ['ÉPARGNE LOGEMENT', 'Épargne Logement'],
    ['ÜBERWEISUNG', 'Überweisung'],
    ['ÖKO-MARKT ÄPFEL', 'Öko-Markt Äpfel'],
    ['CRÊPERIE ÉLODIE', 'Crêperie Élodie'],
    ['épargne logement', 'Épargne Logement'],
    ['BOULANGERIE DE LA GARE', 'Boulangerie de la Gare'],
    ['FRED MEYER', 'Fred Meyer'],
    ['CVS/PHARMACY', 'CVS/Pharmacy'],
    ['7-ELEVEN', '7-Eleven'],
  ])('%s → %s', (raw, name) => {
    expect(titleCasePayee(raw)).toBe(name);
  });

  it('keeps a name that already mixes capitals and lower case, accented ones included', () => {
    expect(titleCasePayee('Überweisung an MÜLLER')).toBe('Überweisung an MÜLLER');
    expect(isMixedCase('Überweisung')).toBe(true);
    expect(isMixedCase('ÜBERWEISUNG')).toBe(false);
    expect(isMixedCase('überweisung')).toBe(false);
  });

  it('keeps short all-consonant words in capitals, accents aside', () => {
    expect(titleCasePayee('BNP PARIBAS')).toBe('BNP Paribas');
    expect(titleCasePayee('ÉTÉ SHOP')).toBe('Été Shop');
  });
});
