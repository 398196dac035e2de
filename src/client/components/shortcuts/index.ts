/** The keyboard shortcuts help dialog. */
export { type ShortcutEntry, type ShortcutGroup, ShortcutsDialog } from './ShortcutsDialog.tsx';
