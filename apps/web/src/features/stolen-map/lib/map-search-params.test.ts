import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  filterQuery,
  listOfState,
  parseCamera,
  readMapState,
  writeMapState,
} from './map-search-params.ts';

describe('the stolen-bike map address', () => {
  it('reads filters, view, page, place and camera, and writes them back the same', () => {
    const search =
      'view=list&period=month&region=no&category=cargo&electric=true&page=3&place=10.7,59.9,10.8,60&at=12.00/59.9100/10.7500';
    const state = readMapState(new URLSearchParams(search));
    expect(state).toEqual({
      view: 'list',
      filters: { period: 'month', region: 'no', category: 'cargo', electric: true },
      page: 3,
      place: '10.7,59.9,10.8,60',
      camera: { zoom: 12, latitude: 59.91, longitude: 10.75 },
    });
    expect(writeMapState(state).toString()).toBe(new URLSearchParams(search).toString());
  });

  it('falls back to the defaults for anything unknown or malformed', () => {
    const state = readMapState(
      new URLSearchParams(
        'view=globe&period=decade&region=se&category=tandem&electric=maybe&page=-2&place=1,2&at=99/1/1',
      ),
    );
    expect(state).toEqual({ view: null, filters: DEFAULT_FILTERS, page: 1, place: null, camera: null });
    expect(writeMapState(state).toString()).toBe('');
  });

  it('leaves the view to the screen when the address names none, a camera, page or place aside', () => {
    const view = (search: string) => readMapState(new URLSearchParams(search)).view;
    expect(view('')).toBeNull();
    expect(view('region=dk&category=bmx')).toBeNull();
    expect(view('view=map')).toBe('map');
    expect(view('at=9.00/55.0950/14.7150')).toBe('map');
    expect(view('page=2')).toBe('list');
    expect(view('place=14.6975,55.0975,14.7025,55.1025')).toBe('list');
    expect(view('view=list&at=9.00/55.0950/14.7150')).toBe('list');
  });

  it('leaves the page and place out of the map view', () => {
    const params = writeMapState({
      view: 'map',
      filters: DEFAULT_FILTERS,
      page: 4,
      place: '1,2,3,4',
      camera: null,
    });
    expect(params.toString()).toBe('view=map');
  });

  it("gives the first screen's list query: the list's page, or the first page's count on the map", () => {
    const state = readMapState(new URLSearchParams('view=list&region=no&page=3'));
    expect(listOfState(state)).toEqual({ filters: state.filters, page: 3, place: null });
    expect(listOfState({ ...state, view: 'map' })).toEqual({ filters: state.filters, page: 1, place: null });
    expect(listOfState({ ...state, view: null, page: 1 })).toEqual({
      filters: state.filters,
      page: 1,
      place: null,
    });
  });

  it('refuses cameras outside the map', () => {
    expect(parseCamera('5/90/10')).toBeNull();
    expect(parseCamera('5/60')).toBeNull();
    expect(parseCamera('abc')).toBeNull();
    expect(parseCamera('4.5/63/15')).toEqual({ zoom: 4.5, latitude: 63, longitude: 15 });
  });

  it('asks the API only for the filters that narrow', () => {
    expect(filterQuery(DEFAULT_FILTERS)).toEqual({
      period: undefined,
      region: undefined,
      category: undefined,
      electric: undefined,
    });
    expect(filterQuery({ period: 'week', region: 'dk', category: 'road', electric: false })).toEqual({
      period: 'week',
      region: 'dk',
      category: 'road',
      electric: 'false',
    });
  });
});
