import { describe, expect, it } from 'vitest';
import { contentBodyOf, parseContentBody } from './content-markup.ts';

describe('parseContentBody', () => {
  it('reads headings, paragraphs (lines joined) and list items, and keeps text before the first heading', () => {
    const body =
      'Intro line one\nline two\n\n## Why\r\nFirst paragraph.\n\nSecond <b>one</b>.\n- one\n-   two\n\n## Contact\nWrite to a@b.dk';
    expect(parseContentBody(body)).toEqual([
      { id: 'section-1', heading: '', paragraphs: ['Intro line one line two'], items: [] },
      {
        id: 'section-2',
        heading: 'Why',
        paragraphs: ['First paragraph.', 'Second <b>one</b>.'],
        items: ['one', 'two'],
      },
      { id: 'section-3', heading: 'Contact', paragraphs: ['Write to a@b.dk'], items: [] },
    ]);
  });

  it('is the inverse of contentBodyOf for the built-in sections', () => {
    const sections = [
      { heading: 'A', paragraphs: ['p1', 'p2'], items: ['i1', 'i2'] },
      { heading: 'B', paragraphs: ['p3'] },
    ];
    expect(contentBodyOf(sections)).toBe('## A\n\np1\n\np2\n\n- i1\n- i2\n\n## B\n\np3');
    expect(parseContentBody(contentBodyOf(sections))).toEqual([
      { id: 'section-1', heading: 'A', paragraphs: ['p1', 'p2'], items: ['i1', 'i2'] },
      { id: 'section-2', heading: 'B', paragraphs: ['p3'], items: [] },
    ]);
  });
});
