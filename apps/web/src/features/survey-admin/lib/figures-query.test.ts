import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTERS,
  figuresQueryOf,
  filterProblems,
  filtersFromSearch,
  searchOf,
} from './figures-query.ts';

describe('the panel’s filters', () => {
  it('reads the address and gives the API only what is set and valid', () => {
    const values = filtersFromSearch(
      new URLSearchParams('survey=x&from=2026-01-01&to=&postal_area=80&workplace_id=nope'),
    );
    expect(values).toEqual({ ...EMPTY_FILTERS, from: '2026-01-01', postal_area: '80', workplace_id: 'nope' });
    expect(figuresQueryOf(values)).toEqual({ from: '2026-01-01', postal_area: '80' });
  });

  it('drops a period that ends before it starts and says which field is wrong', () => {
    const values = { ...EMPTY_FILTERS, from: '2026-03-01', to: '2026-02-01', postal_area: '8' };
    expect(figuresQueryOf(values)).toEqual({});
    expect(filterProblems(values)).toEqual({ to: 'period', postal_area: 'postalArea' });
    expect(filterProblems({ ...EMPTY_FILTERS, from: '2026-01-01' })).toEqual({});
  });

  it('writes the survey and the set filters back to the address', () => {
    expect(searchOf('s1', { ...EMPTY_FILTERS, compare_from: '2025-01-01' })).toMatchObject({
      survey: 's1',
      compare_from: '2025-01-01',
      from: undefined,
    });
  });
});
