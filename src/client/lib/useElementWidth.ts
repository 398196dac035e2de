import { type RefObject, useEffect, useState } from 'react';

/**
 * The content width of an element in CSS pixels, kept current by a ResizeObserver (so a drawing can
 * lay itself out for the space it has instead of scaling its text); `fallback` until measured.
 */
export function useElementWidth(ref: RefObject<HTMLElement | null>, fallback: number): number {
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = entry ? Math.round(entry.contentRect.width) : 0;
      if (measured > 0) setWidth(measured);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
