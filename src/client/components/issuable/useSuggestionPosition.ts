import { type CSSProperties, type RefObject, useLayoutEffect, useState } from 'react';
import { caretCoordinates } from './caretCoordinates.ts';

/** The list's widest, in CSS px; a narrow field (a phone) gives it its own width instead. */
const LIST_WIDTH = 352;
/** Room between the caret's line and the list, in CSS px. */
const GAP = 4;

/**
 * Where the suggestion list sits in the field's wrapper: under the line of the trigger at `start`,
 * from the trigger's left edge, moved left as needed so that it never overflows the field.
 */
export function useSuggestionPosition(
  textarea: RefObject<HTMLTextAreaElement | null>,
  start: number | null,
): CSSProperties {
  const [position, setPosition] = useState<CSSProperties>({});
  useLayoutEffect(() => {
    const element = textarea.current;
    if (start === null || !element) return;
    const caret = caretCoordinates(element, start);
    const width = Math.min(LIST_WIDTH, element.offsetWidth);
    const left = Math.max(0, Math.min(caret.left, element.offsetWidth - width));
    const top = Math.min(caret.top + caret.height, element.offsetHeight) + GAP;
    setPosition({ left, top, width });
  }, [textarea, start]);
  return position;
}
