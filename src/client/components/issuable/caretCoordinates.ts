/**
 * Where the caret of a textarea is drawn, in CSS px from the textarea's top-left border corner (its
 * scroll already subtracted): a hidden mirror with the same box and text styles lays out the text
 * up to the caret, and a marker after it reports its offset. Read once per caret move, never per frame.
 */
const MIRRORED_STYLES = [
  'boxSizing',
  'width',
  'borderTopWidth',
  'borderRightWidth',
  'borderBottomWidth',
  'borderLeftWidth',
  'paddingTop',
  'paddingRight',
  'paddingBottom',
  'paddingLeft',
  'fontFamily',
  'fontSize',
  'fontWeight',
  'fontStyle',
  'letterSpacing',
  'lineHeight',
  'tabSize',
  'textTransform',
  'wordSpacing',
] as const;

export interface CaretPoint {
  readonly left: number;
  /** The top of the caret's line. */
  readonly top: number;
  /** The line's height, so a popup goes just below it. */
  readonly height: number;
}

export function caretCoordinates(textarea: HTMLTextAreaElement, caret: number): CaretPoint {
  const style = window.getComputedStyle(textarea);
  const mirror = document.createElement('div');
  for (const name of MIRRORED_STYLES) mirror.style[name] = style[name];
  mirror.style.position = 'absolute';
  mirror.style.visibility = 'hidden';
  mirror.style.top = '0';
  mirror.style.left = '-9999px';
  mirror.style.whiteSpace = 'pre-wrap';
  mirror.style.overflowWrap = 'break-word';
  mirror.style.overflow = 'hidden';
  mirror.textContent = textarea.value.slice(0, caret);
  const marker = document.createElement('span');
  // A character, so the marker has a line box even at the end of a line.
  marker.textContent = textarea.value.slice(caret) || '.';
  mirror.appendChild(marker);
  document.body.appendChild(mirror);
  const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.4;
  const point = {
    left: marker.offsetLeft - textarea.scrollLeft,
    top: marker.offsetTop - textarea.scrollTop,
    height: lineHeight,
  };
  mirror.remove();
  return point;
}
