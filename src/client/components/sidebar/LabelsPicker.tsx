/**
 * The labels block's editor: a search box over the group's labels and a checkbox per label (a
 * multi-select that keyboards and screen readers know). Choosing a scoped label unchecks the
 * others of its scope; Apply saves the difference, Escape or Cancel leaves without saving.
 */
import { useId, useState } from 'react';
import type { LabelView } from '../../data/index.ts';
import { Button } from '../../ui/index.ts';
import { SIDEBAR_TEXT } from './index.ts';
import { LabelCheckboxOption } from './LabelCheckboxOption.tsx';
import { pickerOptions, toggleLabel } from './labelSelection.ts';
import { useLabelSearch } from './useLabelSearch.ts';

export function LabelsPicker({
  fullPath,
  initial,
  onApply,
  onCancel,
}: {
  fullPath: string;
  initial: readonly LabelView[];
  onApply: (labels: readonly LabelView[]) => void;
  onCancel: () => void;
}) {
  const [chosen, setChosen] = useState<readonly LabelView[]>(initial);
  const [search, setSearch] = useState('');
  const found = useLabelSearch(fullPath, search);
  const options = pickerOptions(chosen, found.labels, search);
  const chosenIds = new Set(chosen.map((label) => label.id));
  const searchId = useId();
  const statusId = useId();
  const status = found.failed
    ? SIDEBAR_TEXT.labelsLoadError
    : found.loading
      ? SIDEBAR_TEXT.loading
      : options.length === 0
        ? SIDEBAR_TEXT.noLabelsFound
        : '';

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the editor cancels it.
    <div
      className="sidebar-form labels-picker"
      data-testid="labels-picker"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <label htmlFor={searchId} className="sr-only">
        {SIDEBAR_TEXT.searchLabels}
      </label>
      <input
        id={searchId}
        type="search"
        className="input labels-picker-search"
        placeholder={SIDEBAR_TEXT.searchLabels}
        value={search}
        aria-describedby={statusId}
        // biome-ignore lint/a11y/noAutofocus: the person asked for the editor; the search comes first.
        autoFocus
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <p id={statusId} className="sidebar-note" role="status">
        {status}
      </p>
      <fieldset className="labels-picker-options">
        <legend className="sr-only">{SIDEBAR_TEXT.labels}</legend>
        {options.map((label) => (
          <LabelCheckboxOption
            key={label.id}
            label={label}
            checked={chosenIds.has(label.id)}
            onChange={(checked) => setChosen(toggleLabel(chosen, label, checked))}
          />
        ))}
      </fieldset>
      <div className="sidebar-form-actions">
        <Button variant="confirm" onClick={() => onApply(chosen)} data-testid="labels-apply">
          {SIDEBAR_TEXT.apply}
        </Button>
        <Button onClick={onCancel}>{SIDEBAR_TEXT.cancel}</Button>
      </div>
    </div>
  );
}
