/**
 * Block 5: the epic's colour, shown only under GitLab's `epic_color_highlight` flag (spec). The
 * editor lists GitLab's suggested colours as buttons; choosing one saves it at once, and the block
 * goes back to the saved colour when the server refuses.
 */
import { type CSSProperties, useState } from 'react';
import {
  BlockAlert,
  BlockFetchError,
  CollapsedItem,
  SIDEBAR_TEXT,
  SidebarBlock,
  useOptimisticSave,
} from '../../../components/sidebar/index.ts';
import {
  type EpicColorView,
  type EpicSidebarScope,
  firstErrorMessage,
  useEpicColor,
} from '../../../data/index.ts';
import { Button } from '../../../ui/index.ts';
import { colorTitle, EPIC_COLOR_CHOICES, isSameColor } from './epicColors.ts';

const Swatch = ({ color }: { color: string }) => (
  <span className="sidebar-swatch" style={{ '--swatch': color } as CSSProperties} aria-hidden="true" />
);

export function ColorBlock({
  scope,
  canUpdate,
  collapsed,
  onExpand,
}: {
  scope: EpicSidebarScope;
  canUpdate: boolean;
  collapsed: boolean;
  onExpand: (block: string) => void;
}) {
  const epicColor = useEpicColor(scope);
  const saved = epicColor.data ?? null;
  const { shown, save, error, dismissError } = useOptimisticSave<EpicColorView | null>(
    saved,
    SIDEBAR_TEXT.colorError,
  );
  const [editing, setEditing] = useState(false);

  const choose = (color: string) => {
    setEditing(false);
    if (!saved || isSameColor(saved.color, color)) return;
    save({ color, textColor: saved.textColor }, () => epicColor.save(color));
  };

  if (collapsed) {
    return (
      <CollapsedItem
        block="color"
        label={`${SIDEBAR_TEXT.color}: ${shown ? colorTitle(shown.color) : SIDEBAR_TEXT.none}`}
        icon={<Swatch color={shown?.color ?? 'transparent'} />}
        onClick={() => onExpand('color')}
      />
    );
  }
  return (
    <SidebarBlock
      block="color"
      title={SIDEBAR_TEXT.color}
      busy={epicColor.loading}
      editing={editing}
      onEdit={canUpdate && shown ? () => setEditing(!editing) : undefined}
    >
      {epicColor.error ? (
        <BlockFetchError text={SIDEBAR_TEXT.colorError} detail={firstErrorMessage(epicColor.error)} />
      ) : null}
      {shown ? (
        <p className="sidebar-value" data-testid="sidebar-color-value">
          <Swatch color={shown.color} />
          <span>{colorTitle(shown.color)}</span>
        </p>
      ) : null}
      {editing && shown ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the list closes it.
        <div
          className="sidebar-color-choices"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              setEditing(false);
            }
          }}
        >
          <ul aria-label={SIDEBAR_TEXT.color}>
            {EPIC_COLOR_CHOICES.map((choice, index) => (
              <li key={choice.color}>
                <Button
                  variant="tertiary"
                  className="sidebar-color-choice"
                  aria-pressed={isSameColor(choice.color, shown.color)}
                  aria-label={SIDEBAR_TEXT.chooseColor(choice.title)}
                  autoFocus={index === 0}
                  onClick={() => choose(choice.color)}
                >
                  <Swatch color={choice.color} />
                  {choice.title}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {error ? <BlockAlert error={error} onDismiss={dismissError} /> : null}
    </SidebarBlock>
  );
}
