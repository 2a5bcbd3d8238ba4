import { describe, expect, it } from 'vitest';
import { markScrollEdges } from './use-scroll-edges.ts';

/* Issue 14.3h: a row of tabs that scrolls on a phone says so at the edge that hides more. */

function row(scrollWidth: number, clientWidth: number, scrollLeft: number): HTMLElement {
  const element = document.createElement('div');
  Object.defineProperty(element, 'scrollWidth', { value: scrollWidth });
  Object.defineProperty(element, 'clientWidth', { value: clientWidth });
  element.scrollLeft = scrollLeft;
  Object.defineProperty(element, 'scrollLeft', { value: scrollLeft });
  return element;
}

describe('markScrollEdges', () => {
  it('marks the end while more tabs are hidden to the right', () => {
    const element = row(500, 320, 0);
    markScrollEdges(element);
    expect(element.hasAttribute('data-more-end')).toBe(true);
    expect(element.hasAttribute('data-more-start')).toBe(false);
  });

  it('marks both ends in the middle, and only the start at the far end', () => {
    const middle = row(500, 320, 90);
    markScrollEdges(middle);
    expect([middle.hasAttribute('data-more-start'), middle.hasAttribute('data-more-end')]).toEqual([
      true,
      true,
    ]);
    const end = row(500, 320, 180);
    markScrollEdges(end);
    expect([end.hasAttribute('data-more-start'), end.hasAttribute('data-more-end')]).toEqual([true, false]);
  });

  it('marks nothing when every tab fits', () => {
    const element = row(300, 320, 0);
    markScrollEdges(element);
    expect(element.hasAttribute('data-more-end')).toBe(false);
    expect(element.hasAttribute('data-more-start')).toBe(false);
  });
});
