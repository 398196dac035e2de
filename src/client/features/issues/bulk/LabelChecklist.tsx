/**
 * One label list of the bulk edit sidebar ("Add labels" or "Remove labels"): a search over the
 * group's labels (and its ancestors') and a checkbox per label, the chosen ones first.
 */
import { useId, useState } from 'react';
import { LabelCheckboxOption, useLabelSearch } from '../../../components/sidebar/index.ts';
import type { LabelView } from '../../../data/index.ts';
import { toggleLabelIn } from './bulkDraft.ts';
import { BULK_EDIT_TEXT } from './bulkEditTexts.ts';

export function LabelChecklist({
  legend,
  labelsGroupPath,
  chosen,
  onChange,
  testId,
}: {
  legend: string;
  /** The group whose labels (and its ancestors') are offered. */
  labelsGroupPath: string;
  chosen: readonly LabelView[];
  onChange: (labels: readonly LabelView[]) => void;
  testId: string;
}) {
  const [search, setSearch] = useState('');
  const found = useLabelSearch(labelsGroupPath, search);
  const chosenIds = new Set(chosen.map((label) => label.id));
  const options =
    search.trim() === ''
      ? [...chosen, ...found.labels.filter((label) => !chosenIds.has(label.id))]
      : found.labels;
  const statusId = useId();
  const status = found.failed
    ? BULK_EDIT_TEXT.labelsLoadError
    : found.loading
      ? BULK_EDIT_TEXT.loading
      : options.length === 0
        ? BULK_EDIT_TEXT.noLabelsFound
        : '';
  return (
    <fieldset className="bulk-edit-field" data-testid={testId}>
      <legend className="bulk-edit-label">{legend}</legend>
      <input
        type="search"
        className="input labels-picker-search"
        placeholder={BULK_EDIT_TEXT.searchLabels}
        aria-label={`${legend}: ${BULK_EDIT_TEXT.searchLabels}`}
        aria-describedby={statusId}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      <p id={statusId} className="sidebar-note" role="status">
        {status}
      </p>
      <div className="labels-picker-options bulk-edit-labels">
        {options.map((label) => (
          <LabelCheckboxOption
            key={label.id}
            label={label}
            checked={chosenIds.has(label.id)}
            onChange={(checked) => onChange(toggleLabelIn(chosen, label, checked))}
          />
        ))}
      </div>
    </fieldset>
  );
}
