import { type RefObject, useEffect } from 'react';

/** Which ends of a sideways-scrolling row have more to show, as `data-more-start` / `data-more-end`. */
export function markScrollEdges(element: HTMLElement): void {
  const max = element.scrollWidth - element.clientWidth;
  // A pixel of slack: zoomed pages report fractional scroll positions.
  const start = Math.abs(element.scrollLeft) > 1;
  const end = max - Math.abs(element.scrollLeft) > 1;
  element.toggleAttribute('data-more-start', start);
  element.toggleAttribute('data-more-end', end);
}

/**
 * Keeps the markers of markScrollEdges up to date while the row scrolls or resizes, so CSS can fade
 * the edge that hides more (the bike's tabs on a phone would otherwise look like all there is).
 * `isRendered`: whether the row is on the page yet (it may wait for data).
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>, isRendered = true): void {
  useEffect(() => {
    const element = ref.current;
    if (!isRendered || !element) return;
    const update = () => markScrollEdges(element);
    update();
    element.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [ref, isRendered]);
}
