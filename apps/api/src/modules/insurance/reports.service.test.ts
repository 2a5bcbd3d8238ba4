import { describe, expect, it } from 'vitest';
import { placeOfTheft } from './reports.service.ts';

describe('placeOfTheft', () => {
  it('takes the postal town after the last postal code of the place', () => {
    expect(placeOfTheft('Vesterbrogade 1, 1620 København V', 'Aarhus')).toBe('København V');
    expect(placeOfTheft('Karl Johans gate 1, 0154  Oslo', null)).toBe('Oslo');
  });

  it('falls back to the reporter’s own town, else nothing', () => {
    expect(placeOfTheft('by the station', 'Odense C')).toBe('Odense C');
    expect(placeOfTheft(null, null)).toBe('');
  });
});
