import { describe, expect, it } from 'vitest';
import { contentBodyOf, parseContentBody, parseContentInline } from './content-markup.ts';

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

describe('parseContentInline', () => {
  it('reads links to our own paths, https and mailto addresses, and keeps the text around them', () => {
    expect(
      parseContentInline(
        'Køb i [webshoppen](/webshop?region=no), se [NAF](https://www.naf.no) eller [skriv](mailto:a@b.dk).',
      ),
    ).toEqual([
      { text: 'Køb i ' },
      { text: 'webshoppen', href: '/webshop?region=no', isInternal: true },
      { text: ', se ' },
      { text: 'NAF', href: 'https://www.naf.no', isInternal: false },
      { text: ' eller ' },
      { text: 'skriv', href: 'mailto:a@b.dk', isInternal: false },
      { text: '.' },
    ]);
  });

  it('leaves a link with any other address as the text it was', () => {
    for (const text of [
      '[klik](javascript:alert(1))',
      '[klik](//evil.example/x)',
      '[klik](http://plain.example)',
      '[klik](data:text/html,x)',
    ]) {
      expect(parseContentInline(text)).toEqual([{ text }]);
    }
    expect(parseContentInline('Ingen links her.')).toEqual([{ text: 'Ingen links her.' }]);
  });
});
