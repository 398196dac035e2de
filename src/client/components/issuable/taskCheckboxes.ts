/**
 * The server renders task-list checkboxes disabled and unlabelled (they sit in the item's text). The
 * page gives each the item's text as its name and enables them for people who may update.
 */
export function prepareTaskCheckboxes(root: HTMLElement, enabled: boolean): void {
  for (const box of root.querySelectorAll<HTMLInputElement>('input.task-list-item-checkbox')) {
    box.disabled = !enabled;
    const label = box.closest('li')?.textContent?.trim();
    if (label) box.setAttribute('aria-label', label);
  }
}
