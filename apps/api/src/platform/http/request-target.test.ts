import { describe, expect, it } from 'vitest';
import { canonicalRequestTarget } from './request-target.ts';

describe('canonicalRequestTarget', () => {
  it.each([
    ['/api/search?q=AB12', '/api/search?q=AB12'],
    ['//api/search', '/api/search'],
    ['/api//identities///authentications', '/api/identities/authentications'],
    ['/%61pi/search', '/api/search'],
    ['/%61%50%69/search', '/aPi/search'],
    ['/api/se%61rch?q=%41', '/api/search?q=%41'],
    ['http://localhost:3000/api/search?q=1', '/api/search?q=1'],
    ['HTTPS://example.org//api/search', '/api/search'],
    ['http://example.org', '/'],
    ['http://example.org?q=1', '/?q=1'],
    ['/api/search/', '/api/search/'],
    ['/api/search?next=//x', '/api/search?next=//x'],
    ['*', '*'],
  ])('%s → %s', (raw, canonical) => {
    expect(canonicalRequestTarget(raw)).toBe(canonical);
  });

  it('keeps reserved characters encoded, so a path segment never gains a slash or a query', () => {
    expect(canonicalRequestTarget('/api/bikes/a%2Fb')).toBe('/api/bikes/a%2Fb');
    expect(canonicalRequestTarget('/api/bikes/a%3Fb')).toBe('/api/bikes/a%3Fb');
    expect(canonicalRequestTarget('/api/bikes/%25')).toBe('/api/bikes/%25');
  });
});
