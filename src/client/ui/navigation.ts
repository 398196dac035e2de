import type { MouseEvent } from 'react';

/**
 * True for a plain left click that the page may handle itself; modified clicks (new tab, new
 * window, download) are left to the browser so links keep working as links.
 */
export function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
