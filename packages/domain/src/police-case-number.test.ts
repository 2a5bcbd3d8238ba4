import { describe, expect, it } from 'vitest';
import {
  isPoliceCaseNumber,
  normalisePoliceCaseNumber,
  POLICE_CASE_NUMBER_EXAMPLES,
} from './police-case-number.ts';

describe('a Danish police journal number', () => {
  it('is district (4) – offence code (5) – serial (5) – year (2), dashes or spaces between the groups', () => {
    expect(normalisePoliceCaseNumber('dk', '0100-80151-00012-24')).toBe('0100-80151-00012-24');
    expect(normalisePoliceCaseNumber('dk', ' 0100 80151 00012 24 ')).toBe('0100-80151-00012-24');
    expect(normalisePoliceCaseNumber('dk', '0100 - 80151 - 00012 - 24')).toBe('0100-80151-00012-24');
    expect(normalisePoliceCaseNumber('dk', '0100801510001224')).toBe('0100-80151-00012-24');
    expect(isPoliceCaseNumber('dk', POLICE_CASE_NUMBER_EXAMPLES.dk)).toBe(true);
  });

  it('refuses anything else: free text, a short or long group, letters, no district', () => {
    for (const value of [
      'x',
      '',
      'K-1',
      '0100-12345-2026',
      '0100-8015-00012-24',
      '0100-80151-0012-24',
      '0100-80151-00012-2024',
      '0100-80151-00012',
      'A100-80151-00012-24',
      '0000-80151-00012-24',
      '0100/80151/00012/24',
      '14325678',
    ]) {
      expect(isPoliceCaseNumber('dk', value), value).toBe(false);
    }
  });
});

describe('a Norwegian police case number', () => {
  it('is 8 digits, spaces ignored', () => {
    expect(normalisePoliceCaseNumber('no', '14325678')).toBe('14325678');
    expect(normalisePoliceCaseNumber('no', ' 1432 5678 ')).toBe('14325678');
    expect(isPoliceCaseNumber('no', POLICE_CASE_NUMBER_EXAMPLES.no)).toBe(true);
  });

  it('refuses anything else', () => {
    for (const value of ['x', '1432567', '143256789', '1432-5678', 'AB325678', '0100-80151-00012-24']) {
      expect(isPoliceCaseNumber('no', value), value).toBe(false);
    }
  });
});
