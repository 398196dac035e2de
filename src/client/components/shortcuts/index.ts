/** The keyboard shortcuts help dialog. */
export {
  type ShortcutEntry,
  type ShortcutGroup,
  type ShortcutRefusal,
  type ShortcutSettings,
  ShortcutsDialog,
} from './ShortcutsDialog.tsx';
