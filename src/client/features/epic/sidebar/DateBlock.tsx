/**
 * Blocks 2 and 3: the start or due date, fixed by hand or inherited from milestones (spec
 * "Dates"). A save shows its result at once and falls back to the saved date (and fixed flag) when
 * the server refuses it.
 */
import { useId, useState } from 'react';
import type { CalendarDate } from '../../../../core/time/calendarDate.ts';
import { calendarDateOf, formatCalendarDate } from '../../../components/issuable/index.ts';
import {
  BlockAlert,
  BlockFetchError,
  CollapsedItem,
  SIDEBAR_TEXT,
  SidebarBlock,
  useOptimisticSave,
} from '../../../components/sidebar/index.ts';
import {
  type EpicDateChange,
  type EpicDateField,
  type EpicDateKind,
  type EpicSidebarScope,
  firstErrorMessage,
  useEpicDates,
} from '../../../data/index.ts';
import { useNow } from '../../../lib/index.ts';
import { Badge, Button, Icon } from '../../../ui/index.ts';
import { DateEditor } from './DateEditor.tsx';
import { applyDateChange, canRemoveDate, dateBounds, isPastDue } from './epicDates.ts';

const shownDate = (date: CalendarDate | null) => (date ? formatCalendarDate(date) : SIDEBAR_TEXT.none);

export function DateBlock({
  kind,
  scope,
  canUpdate,
  milestoneTitle,
  collapsed,
  onExpand,
}: {
  kind: EpicDateKind;
  scope: EpicSidebarScope;
  canUpdate: boolean;
  /** The milestone the inherited date comes from, '' when unknown. */
  milestoneTitle: string;
  collapsed: boolean;
  onExpand: (block: string) => void;
}) {
  const block = `${kind}-date`;
  const title = SIDEBAR_TEXT.dateTitle[kind];
  const dates = useEpicDates(scope);
  const today = calendarDateOf(useNow());
  const [editing, setEditing] = useState(false);
  const saved = dates.data?.[kind] ?? null;
  const {
    shown: field,
    save: saveShown,
    error,
    dismissError,
  } = useOptimisticSave<EpicDateField | null>(saved, SIDEBAR_TEXT.dateSaveError);
  const other = dates.data?.[kind === 'start' ? 'due' : 'start'].date ?? null;

  const save = (change: EpicDateChange) => {
    if (!saved) return;
    saveShown(applyDateChange(saved, change), () => dates.save(kind, change));
  };

  if (collapsed) {
    return (
      <CollapsedItem
        block={block}
        label={`${title}: ${shownDate(field?.date ?? null)}`}
        icon={<Icon name="calendar" />}
        onClick={() => onExpand(block)}
      />
    );
  }
  const pastDue =
    kind === 'due' && field !== null && isPastDue(field.date, dates.data?.state ?? 'opened', today);
  return (
    <SidebarBlock
      block={block}
      title={title}
      busy={dates.loading}
      editing={editing}
      onEdit={canUpdate && field ? () => setEditing(!editing) : undefined}
    >
      {dates.error ? (
        <BlockFetchError text={SIDEBAR_TEXT.dateFetchError(kind)} detail={firstErrorMessage(dates.error)} />
      ) : null}
      {field ? (
        <>
          <p className="sidebar-value" data-testid={`sidebar-${block}-value`}>
            <span className={field.date ? 'sidebar-strong' : 'muted'}>{shownDate(field.date)}</span>
            {pastDue ? <Badge variant="danger">{SIDEBAR_TEXT.pastDue}</Badge> : null}
          </p>
          {editing ? (
            <DateEditor
              kind={kind}
              initial={field.fixed}
              other={other}
              bounds={dateBounds(kind, other)}
              today={today}
              onApply={(date) => {
                setEditing(false);
                if (date !== null || field.fixed !== null) save({ isFixed: true, fixed: date });
              }}
              onCancel={() => setEditing(false)}
            />
          ) : null}
          {canUpdate ? (
            <DateSourceChoice
              kind={kind}
              field={field}
              milestoneTitle={milestoneTitle}
              onFixedChange={(isFixed) => save({ isFixed })}
              onRemove={() => save({ isFixed: field.isFixed, fixed: null })}
            />
          ) : (
            <p className="sidebar-note" data-testid={`sidebar-${block}-source`}>
              {field.isFixed ? SIDEBAR_TEXT.fixed : SIDEBAR_TEXT.inherited}
              {!field.isFixed && milestoneTitle ? ` · ${SIDEBAR_TEXT.fromMilestone(milestoneTitle)}` : null}
            </p>
          )}
        </>
      ) : null}
      {error ? <BlockAlert error={error} onDismiss={dismissError} /> : null}
    </SidebarBlock>
  );
}

/** GitLab's Fixed / Inherited radio choice, each with its date; the fixed date can be removed. */
function DateSourceChoice({
  kind,
  field,
  milestoneTitle,
  onFixedChange,
  onRemove,
}: {
  kind: EpicDateKind;
  field: EpicDateField;
  milestoneTitle: string;
  onFixedChange: (isFixed: boolean) => void;
  onRemove: () => void;
}) {
  const name = useId();
  return (
    <fieldset className="sidebar-date-source" data-testid={`sidebar-${kind}-date-source`}>
      <legend className="sr-only">{SIDEBAR_TEXT.dateSource(kind)}</legend>
      <div className="sidebar-radio-row">
        <label className="sidebar-radio">
          <input type="radio" name={name} checked={field.isFixed} onChange={() => onFixedChange(true)} />
          {SIDEBAR_TEXT.fixed}: <span className="sidebar-strong">{shownDate(field.fixed)}</span>
        </label>
        {canRemoveDate(field.fixed, true) ? (
          <Button
            variant="tertiary"
            className="sidebar-link-button"
            aria-label={SIDEBAR_TEXT.removeDate(kind)}
            onClick={onRemove}
          >
            {SIDEBAR_TEXT.remove}
          </Button>
        ) : null}
      </div>
      <label className="sidebar-radio">
        <input type="radio" name={name} checked={!field.isFixed} onChange={() => onFixedChange(false)} />
        {SIDEBAR_TEXT.inherited}: <span className="sidebar-strong">{shownDate(field.fromMilestones)}</span>
      </label>
      {milestoneTitle ? <p className="sidebar-note">{SIDEBAR_TEXT.fromMilestone(milestoneTitle)}</p> : null}
    </fieldset>
  );
}
