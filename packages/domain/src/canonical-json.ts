/*
 * Canonical JSON, the bytes a resale certificate's signature covers (docs/resale-certificates.md):
 * object keys sorted by their UTF-16 code units (JavaScript's default sort) at every depth, no
 * whitespace, strings and numbers as JSON.stringify writes them, arrays in their order. Only what
 * JSON carries: undefined, functions, non-finite numbers and other objects are refused, so two
 * parties that agree on the value agree on the bytes.
 */

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export function canonicalJson(value: JsonValue): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('canonical JSON has no non-finite numbers');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const entries = Object.keys(value)
      .sort()
      .map((key) => {
        const item = value[key];
        if (item === undefined) throw new TypeError(`canonical JSON has no undefined (at "${key}")`);
        return `${JSON.stringify(key)}:${canonicalJson(item)}`;
      });
    return `{${entries.join(',')}}`;
  }
  throw new TypeError(`canonical JSON cannot hold a ${typeof value}`);
}
