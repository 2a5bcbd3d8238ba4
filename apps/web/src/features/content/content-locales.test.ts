import { describe, expect, it } from 'vitest';

// Loaded through Vite rather than imported, so the JSON files need not be part of the TS project.
const files = import.meta.glob<ContentJson>('../../locales/*/content.json', {
  eager: true,
  import: 'default',
});

interface ContentJson {
  common: { effectiveFrom: string };
  howItWorks: { stepLabel: string };
}

function load(language: string): ContentJson {
  const file = files[`../../locales/${language}/content.json`];
  if (!file) throw new Error(`locales/${language}/content.json is missing`);
  return file;
}

const da = load('da');
const en = load('en');
const no = load('no');

/** The shape of a JSON tree: object keys, array lengths and section ids, never the wording. */
function shape(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) {
    return [`${path}[${value.length}]`, ...value.flatMap((item, index) => shape(item, `${path}[${index}]`))];
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) =>
      key === 'id' ? [`${path}.id=${String(child)}`] : shape(child, `${path}.${key}`),
    );
  }
  return [`${path}:${typeof value}`];
}

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value && typeof value === 'object') return Object.values(value).flatMap(texts);
  return [];
}

describe('content texts', () => {
  it.each([
    ['en', en],
    ['no', no],
  ])('%s has exactly the structure of da (keys, sections, anchors)', (_language, translation) => {
    expect(shape(translation)).toEqual(shape(da));
  });

  it.each([
    ['da', da],
    ['en', en],
    ['no', no],
  ])('%s has no empty text and every interpolation matches da', (_language, translation) => {
    for (const text of texts(translation)) expect(text.trim()).not.toBe('');
    expect(translation.common.effectiveFrom).toContain('{{date}}');
    expect(translation.howItWorks.stepLabel).toContain('{{number}}');
  });

  it('states the facts SPEC §9 fixes: delivery in 7-10 business days and 100 kr per extra plate', () => {
    for (const translation of [da, en, no]) {
      const all = texts(translation).join('\n');
      expect(all).toMatch(/7[-–]10/);
      expect(all).toContain('100 kr');
    }
  });
});
