import { describe, expect, it } from 'vitest';
import {
  AcceptPolicySchema,
  InsurerPolicyQuerySchema,
  monthsOf,
  PayoutInputSchema,
  parseCsv,
  ReportPeriodSchema,
  recoveryRate,
} from './insurance-admin.ts';

describe('parseCsv', () => {
  it('reads commas, quoted fields with doubled quotes and line breaks, with the line each row starts on', () => {
    const rows = parseCsv('a,b,c\r\n1,"x, ""y""",z\n\n2,"two\nlines",w\n');
    expect(rows).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['1', 'x, "y"', 'z'] },
      { line: 4, fields: ['2', 'two\nlines', 'w'] },
    ]);
  });

  it('takes semicolons when the first line has more of them, and drops a byte order mark', () => {
    expect(parseCsv('\uFEFFa;b\n1,5;2')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['1,5', '2'] },
    ]);
  });

  it('answers nothing for an empty file', () => {
    expect(parseCsv('')).toEqual([]);
    expect(parseCsv('\n \n')).toEqual([]);
  });
});

describe('report periods', () => {
  it('accepts whole days forwards, at most five years', () => {
    expect(ReportPeriodSchema.safeParse({ from: '2026-01-01', to: '2026-01-01' }).success).toBe(true);
    expect(
      ReportPeriodSchema.safeParse({ from: '2026-02-01', to: '2026-01-01' }).error?.issues[0]?.message,
    ).toBe('invalid_period');
    expect(ReportPeriodSchema.safeParse({ from: '2016-01-01', to: '2026-01-01' }).success).toBe(false);
    expect(
      ReportPeriodSchema.safeParse({ from: '2026-13-01', to: '2026-12-01' }).error?.issues[0]?.message,
    ).toBe('invalid_date');
    expect(ReportPeriodSchema.safeParse({ from: '1.1.2026', to: '2026-12-01' }).success).toBe(false);
  });

  it('lists the months of a period across a year end', () => {
    expect(monthsOf({ from: '2025-11-15', to: '2026-02-01' })).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(monthsOf({ from: '2026-03-01', to: '2026-03-31' })).toEqual(['2026-03']);
  });

  it('rates recovery as found among stolen, none when nothing was stolen', () => {
    expect(recoveryRate(1, 3)).toBe(0.333);
    expect(recoveryRate(0, 0)).toBeNull();
  });
});

describe('the insurer’s requests', () => {
  it('needs a policy number to accept, trimmed', () => {
    expect(AcceptPolicySchema.parse({ insurer_policy_number: ' A-1 ' })).toEqual({
      insurer_policy_number: 'A-1',
    });
    expect(AcceptPolicySchema.safeParse({}).error?.issues[0]?.message).toBe('required');
    expect(AcceptPolicySchema.safeParse({ insurer_policy_number: 'x'.repeat(101) }).success).toBe(false);
  });

  it('pages the policy list within bounds', () => {
    expect(InsurerPolicyQuerySchema.parse({})).toEqual({ page: 1, page_size: 25 });
    expect(InsurerPolicyQuerySchema.safeParse({ page_size: '101' }).success).toBe(false);
    expect(InsurerPolicyQuerySchema.safeParse({ status: 'paid' }).success).toBe(false);
  });

  it('takes a payout in whole minor units, not negative', () => {
    expect(PayoutInputSchema.safeParse({ amount_minor: 10.5 }).success).toBe(false);
    expect(PayoutInputSchema.safeParse({ amount_minor: -1 }).error?.issues[0]?.message).toBe('invalid_price');
    expect(PayoutInputSchema.parse({ amount_minor: 0 })).toEqual({ amount_minor: 0 });
  });
});
