import { describe, expect, it } from 'vitest';
import { textState } from './text-state.ts';

const text = { title: 'A', description: '', body: 'B' };
const entry = { language: 'da' as const, draft_updated_at: null, published_at: null };

describe('textState', () => {
  it('tells nothing, a draft only, published, and published with a newer draft apart', () => {
    expect(textState({ ...entry, draft: null, published: null })).toBe('none');
    expect(textState({ ...entry, draft: text, published: null })).toBe('draft');
    expect(textState({ ...entry, draft: text, published: text })).toBe('published');
    expect(textState({ ...entry, draft: { ...text, body: 'C' }, published: text })).toBe('changed');
  });
});
