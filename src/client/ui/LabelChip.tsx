import type { CSSProperties } from 'react';
import { readableTextColor } from '../../core/domain/colors.ts';
import { splitScopedLabel } from '../../core/domain/labels.ts';

export interface LabelChipProps {
  readonly title: string;
  readonly color: string;
  readonly textColor: string;
  readonly description?: string | null;
}

/** A coloured label; scoped labels (`scope::value`) show as a two-part chip. */
export function LabelChip({ title, color, textColor, description }: LabelChipProps) {
  const scoped = splitScopedLabel(title);
  const style = { '--label-bg': color, '--label-fg': readableTextColor(color, textColor) } as CSSProperties;
  return (
    <span
      className={scoped ? 'label-chip label-chip-scoped' : 'label-chip'}
      style={style}
      title={description ?? undefined}
    >
      {scoped ? (
        <>
          <span className="label-chip-scope">{scoped.scope}</span>
          <span className="sr-only">::</span>
          <span className="label-chip-value">{scoped.value}</span>
        </>
      ) : (
        <span className="label-chip-scope">{title}</span>
      )}
    </span>
  );
}
