import { describe, expect, it } from 'vitest';
import { isPlateQuantityAllowed, mailAddressOf, plateQuantityOf } from './insurance-plate-orders.ts';

describe('plateQuantityOf', () => {
  it.each([
    ['Bestilling af plader', 'Hej\n\nAntal: 200\n\nVenlig hilsen', 200],
    ['200 plader', '', 200],
    ['Order', 'Please send 1.000 plates to our office.', 1000],
    ['Bestilling', 'Vi trenger 50 nye skilt til kundene.', 50],
    ['Plates', 'Quantity = 75', 75],
    ['Nye oblater', 'Vi skal bruge 1 000 oblater', 1000],
    ['Re: 30 plader', 'Tak', 30],
    // Every digit counts: four or five digits without a separator are not cut to three (issue 27).
    ['Bestilling', 'Antal: 4999', 4999],
    ['Bestilling', 'Antal: 50000', 50000],
    ['4999 plader', '', 4999],
    ['Order', 'Quantity: 1.000', 1000],
  ])('reads %s / %s as %d', (subject, text, expected) => {
    expect(plateQuantityOf(subject, text)).toBe(expected);
  });

  it('reads the subject before the text, and ignores quoted replies and the signature', () => {
    expect(plateQuantityOf('40 plader', 'Antal: 60')).toBe(40);
    expect(plateQuantityOf('Bestilling', '> Antal: 60\nSe ovenfor')).toBeNull();
    expect(plateQuantityOf('Bestilling', 'Hej\n-- \nTlf. 12 34 56 78, 3 plader på lager')).toBeNull();
  });

  it('finds no number where none is asked for', () => {
    expect(plateQuantityOf('Spørgsmål', 'Hvornår kommer pladerne? Ordre 2026-11-20.')).toBeNull();
    expect(plateQuantityOf('', '')).toBeNull();
  });
});

describe('isPlateQuantityAllowed', () => {
  it('takes 1 to 5000 whole plates', () => {
    expect([0, 1, 5000, 5001, 2.5].map(isPlateQuantityAllowed)).toEqual([false, true, true, false, false]);
  });
});

describe('mailAddressOf', () => {
  it('takes the address out of a From header, lower-case', () => {
    expect(mailAddressOf('"Ann Berg" <Ann.Berg@Forsikring.DK>')).toBe('ann.berg@forsikring.dk');
    expect(mailAddressOf('ann@forsikring.dk')).toBe('ann@forsikring.dk');
    expect(mailAddressOf('no address here')).toBeNull();
  });
});
