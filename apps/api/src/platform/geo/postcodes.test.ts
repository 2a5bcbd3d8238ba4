import { describe, expect, it } from 'vitest';
import { placeOfPostcode } from './postcodes.ts';

describe('placeOfPostcode', () => {
  it('places a listed postcode in its own region (the same digits are another town in Norway)', () => {
    expect(placeOfPostcode('dk', '8000')).toEqual({ latitude: 56.1567, longitude: 10.2108 });
    expect(placeOfPostcode('no', '5000')).toEqual({ latitude: 60.3913, longitude: 5.3221 });
    expect(placeOfPostcode('dk', '5000')).not.toEqual(placeOfPostcode('no', '5000'));
  });

  it('falls back to the nearest listed postcode of the same area', () => {
    expect(placeOfPostcode('dk', '8210')).toEqual(placeOfPostcode('dk', '8200'));
  });

  it('answers null when it cannot tell', () => {
    expect(placeOfPostcode('dk', '3900')).toBeNull();
    expect(placeOfPostcode('dk', 'abcd')).toBeNull();
    expect(placeOfPostcode('se', '1000')).toBeNull();
  });
});
