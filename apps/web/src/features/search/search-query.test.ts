import type { SearchHit } from '@nbr/domain/search';
import { describe, expect, it } from 'vitest';
import { orderHits, readSearchQuery, searchParamsFor } from './search-query.ts';

function hit(bikeId: string, match: SearchHit['match']): SearchHit {
  return {
    match,
    identifier: 'frame_number',
    matched_value: 'WDA4711Z',
    bike_id: bikeId,
    status: 'registered',
    brand: null,
    model: null,
    color: null,
    category: null,
    picture_url: null,
    thumbnail_url: null,
  };
}

describe('search query in the address', () => {
  it('reads q trimmed, and nothing when it is missing or blank', () => {
    expect(readSearchQuery(new URLSearchParams('q=%20WDA%204711Z%20'))).toBe('WDA 4711Z');
    expect(readSearchQuery(new URLSearchParams(''))).toBe('');
    expect(readSearchQuery(new URLSearchParams('q=%20%20'))).toBe('');
  });

  it('cuts an over-long q to what the API accepts', () => {
    expect(readSearchQuery(new URLSearchParams(`q=${'A'.repeat(200)}`))).toHaveLength(60);
  });

  it('writes q only for a non-empty query', () => {
    expect(searchParamsFor('  WDA47I1Z ')).toEqual({ q: 'WDA47I1Z' });
    expect(searchParamsFor('   ')).toEqual({});
  });
});

describe('orderHits', () => {
  it('puts exact matches before look-alikes and keeps the order within each', () => {
    const hits = [hit('a', 'look_alike'), hit('b', 'exact'), hit('c', 'look_alike'), hit('d', 'exact')];
    expect(orderHits(hits).map((h) => h.bike_id)).toEqual(['b', 'd', 'a', 'c']);
  });
});
