import { describe, expect, it } from 'vitest';
import { parseInvitedCount } from './invited-count.ts';

describe('parseInvitedCount', () => {
  it('reads a whole number, with thousands separated by a dot or a space as Danes write them', () => {
    expect(parseInvitedCount(' 250 ')).toBe(250);
    expect(parseInvitedCount('1.200')).toBe(1200);
    expect(parseInvitedCount('1 200')).toBe(1200);
    expect(parseInvitedCount('')).toBeNull();
  });

  it('refuses what is not a count of people', () => {
    for (const text of ['0', '-4', '2,5', 'mange', '2000000'])
      expect(parseInvitedCount(text)).toBe('invalid');
  });
});
