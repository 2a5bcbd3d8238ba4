import { describe, expect, it } from 'vitest';
import { canonicalJson, type JsonValue } from './canonical-json.ts';

describe('canonicalJson', () => {
  it('sorts keys at every depth and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: null, y: true }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[3,{"y":true,"z":null}]},"b":1}',
    );
  });

  it('gives the same bytes whatever order the keys were written in', () => {
    expect(canonicalJson({ kid: 'k', issued_at: 't', bike: { brand: 'FDB', model: null } })).toBe(
      canonicalJson({ bike: { model: null, brand: 'FDB' }, issued_at: 't', kid: 'k' }),
    );
  });

  it('escapes strings as JSON does, keeping letters beyond ASCII', () => {
    expect(canonicalJson({ brand: 'Ø "quoted"\n' })).toBe('{"brand":"Ø \\"quoted\\"\\n"}');
  });

  it('refuses what JSON cannot carry', () => {
    expect(() => canonicalJson({ a: undefined } as unknown as JsonValue)).toThrow(/undefined/);
    expect(() => canonicalJson(Number.NaN)).toThrow(/non-finite/);
    expect(() => canonicalJson(new Date() as unknown as JsonValue)).toThrow(/cannot hold/);
  });
});
