import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../test/i18n.ts';
import { bikeName } from './bike-name.ts';

describe('bikeName', () => {
  beforeAll(async () => {
    await initTestI18n('da', ['common']);
  });
  const name = (bike: Parameters<typeof bikeName>[0]) => bikeName(bike, i18next.t);

  it('names a bike by its make when it has one', () => {
    expect(name({ brand: 'Kildemoes', model: 'Logic', category: 'city' })).toBe('Kildemoes Logic');
    expect(name({ brand: 'Kildemoes', model: null })).toBe('Kildemoes');
    expect(name({ brand: null, model: 'Logic' })).toBe('Logic');
  });

  it('names a bike without a make by its kind, the same way everywhere', () => {
    expect(name({ brand: null, model: null, category: 'racer' })).toBe('Racercykel uden mærke');
    expect(name({ brand: ' ', model: '', category: null })).toBe('Cykel uden mærke');
    expect(name({ brand: null })).toBe('Cykel uden mærke');
  });
});
