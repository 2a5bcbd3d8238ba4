import { describe, expect, it } from 'vitest';
import { isUuid, uuidv7 } from './ids.ts';

const millisecondOf = (id: string) => Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);

describe('uuidv7', () => {
  it('is a version 7, variant 1 UUID carrying the millisecond it was asked for, past ones too', () => {
    const moment = Date.UTC(2024, 0, 2, 3, 4, 5, 6);
    for (const at of [moment, Date.now()]) {
      const id = uuidv7(at);
      expect(isUuid(id)).toBe(true);
      expect(id[14]).toBe('7');
      expect('89ab').toContain(id[19]);
      expect(millisecondOf(id)).toBe(at);
    }
  });

  it('counts up within one millisecond: ids sort in the order they were made', () => {
    const at = Date.now();
    const ids = Array.from({ length: 1000 }, () => uuidv7(at));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => millisecondOf(id) === at)).toBe(true);
  });

  it('stays in order past the counter’s room, stepping into the next millisecond', () => {
    const at = Date.now() + 60_000;
    const ids = Array.from({ length: 5000 }, () => uuidv7(at));
    const next = uuidv7(at + 1);
    expect([...ids, next].sort()).toEqual([...ids, next]);
    expect(millisecondOf(ids.at(-1) ?? '')).toBeGreaterThan(at);
  });

  it('keeps 62 random bits in every id: two ids of one millisecond share no more than the counter', () => {
    const at = Date.now() + 120_000;
    const [first, second] = [uuidv7(at), uuidv7(at)];
    expect(first?.slice(19)).not.toBe(second?.slice(19));
  });
});
