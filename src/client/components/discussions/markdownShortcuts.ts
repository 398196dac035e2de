/**
 * The comment editor's markdown shortcuts (spec: "Bold mod+b, Italic mod+i, Strikethrough
 * mod+shift+x, Link mod+k"): they wrap the selection, or insert the markers around the caret.
 */
export type MarkdownShortcut = 'bold' | 'italic' | 'strikethrough' | 'link';

export interface TextEdit {
  readonly value: string;
  readonly selectionStart: number;
  readonly selectionEnd: number;
}

const MARKERS: Readonly<Record<Exclude<MarkdownShortcut, 'link'>, string>> = {
  bold: '**',
  italic: '_',
  strikethrough: '~~',
};

export function applyMarkdownShortcut(edit: TextEdit, shortcut: MarkdownShortcut): TextEdit {
  const { value, selectionStart: start, selectionEnd: end } = edit;
  const selected = value.slice(start, end);
  if (shortcut === 'link') {
    const text = selected === '' ? 'text' : selected;
    const inserted = `[${text}](url)`;
    const urlStart = start + text.length + 3;
    return {
      value: value.slice(0, start) + inserted + value.slice(end),
      selectionStart: urlStart,
      selectionEnd: urlStart + 3,
    };
  }
  const marker = MARKERS[shortcut];
  return {
    value: value.slice(0, start) + marker + selected + marker + value.slice(end),
    selectionStart: start + marker.length,
    selectionEnd: end + marker.length,
  };
}

/** Which shortcut a key press asks for, if any. */
export function shortcutOfKey(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}): MarkdownShortcut | null {
  if (!(event.ctrlKey || event.metaKey)) return null;
  const key = event.key.toLowerCase();
  if (key === 'b' && !event.shiftKey) return 'bold';
  if (key === 'i' && !event.shiftKey) return 'italic';
  if (key === 'x' && event.shiftKey) return 'strikethrough';
  if (key === 'k' && !event.shiftKey) return 'link';
  return null;
}

/** The window event the 'r' shortcut sends, its detail the text selected on the page. */
export const REPLY_EVENT = 'plantrack:reply';

/** The selection quoted for a reply ('r'): each line prefixed with '> ', then a blank line. */
export function quoteText(text: string): string {
  const lines = text.trim().split('\n');
  return `${lines.map((line) => `> ${line}`).join('\n')}\n\n`;
}
