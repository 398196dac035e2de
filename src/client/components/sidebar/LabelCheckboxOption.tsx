import type { CSSProperties } from 'react';
import { readableTextColor } from '../../../core/domain/colors.ts';

/** A label as the pickers offer it: its swatch in the label's colours, its title, a checkbox. */
export function LabelCheckboxOption({
  label,
  checked,
  onChange,
}: {
  label: { readonly title: string; readonly color: string; readonly textColor: string };
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="labels-picker-option">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} />
      <span
        className="labels-picker-swatch"
        style={
          {
            '--label-bg': label.color,
            '--label-fg': readableTextColor(label.color, label.textColor),
          } as CSSProperties
        }
        aria-hidden="true"
      />
      <span className="labels-picker-title">{label.title}</span>
    </label>
  );
}
