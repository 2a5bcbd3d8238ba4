import { describe, expect, it } from 'vitest';
import { regionForLanguage } from './region.ts';
import { resolveTheme, THEME_BY_HOST } from './theme.ts';

describe('resolveTheme', () => {
  it('prefers ?theme=, then the remembered choice, then the host name, then main', () => {
    const dcuHost = Object.entries(THEME_BY_HOST).find(([, theme]) => theme === 'dcu')![0];
    expect(resolveTheme({ search: '?theme=club', hostname: dcuHost, remembered: 'main' })).toBe('club');
    expect(resolveTheme({ search: '', hostname: dcuHost, remembered: 'club' })).toBe('club');
    expect(resolveTheme({ search: '', hostname: dcuHost.toUpperCase(), remembered: null })).toBe('dcu');
    expect(resolveTheme({ search: '', hostname: 'localhost', remembered: null })).toBe('main');
  });

  it('ignores unknown theme names', () => {
    expect(resolveTheme({ search: '?theme=pink', hostname: 'localhost', remembered: 'neon' })).toBe('main');
  });
});

describe('regionForLanguage', () => {
  it('follows the language until the user chooses', () => {
    expect(regionForLanguage('no')).toBe('no');
    expect(regionForLanguage('da')).toBe('dk');
    expect(regionForLanguage('en')).toBe('dk');
  });
});
