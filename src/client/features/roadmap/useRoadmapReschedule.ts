/**
 * Rescheduling epics on the roadmap (beyond GitLab): a drag of a bar's body or edge, or the keyboard's
 * move mode on a focused row, proposes new dates (the ghost shows them); the drop asks first when it
 * would fix inherited dates, then shows the new dates at once and sends `updateEpic` with the lock
 * version the row was read at. A refusal puts the row back and says why (after someone else's edit,
 * with the epic re-read); an answer brings the epic and its ancestors, whose inherited dates the
 * server recomputed. Ctrl/Cmd+Z and Ctrl/Cmd+Shift+Z undo and redo while the page is open.
 */
import {
  type KeyboardEvent as ReactKeyboardEvent,
  type RefObject,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  type BarDays,
  datesInput,
  type EpicSchedule,
  fixesInheritedDates,
  type RescheduleEdge,
  rescheduled,
  type SnapUnit,
  sameSchedule,
  snapStep,
  snapUnitFor,
} from '../../../core/layout/reschedule.ts';
import { calendarDateToDay } from '../../../core/time/epochDay.ts';
import { formatDateRange } from '../../../core/time/formatting.ts';
import type { TimeScale } from '../../../core/time/timeScale.ts';
import { worldPx } from '../../../core/time/units.ts';
import {
  type RoadmapEpicView,
  type RoadmapRescheduleApi,
  useRoadmapRescheduleApi,
} from '../../data/index.ts';
import { isTypingTarget, keyName } from '../../lib/index.ts';
import { usePushToast } from '../../state/index.ts';
import type { OverlayRowModel } from './RoadmapOverlay.tsx';
import { RescheduleHistory } from './rescheduleHistory.ts';
import type { RoadmapController } from './roadmapController.ts';
import { MOVE_MODE_KEY, moveModeKeyAction } from './roadmapGestures.ts';
import { RESCHEDULE_TEXT } from './roadmapTexts.ts';

/** A reschedule being chosen: what the ghost shows. */
export interface RescheduleDraft {
  readonly epic: RoadmapEpicView;
  readonly edge: RescheduleEdge;
  readonly via: 'pointer' | 'keyboard';
  readonly unit: SnapUnit;
  readonly bar: BarDays;
  readonly before: EpicSchedule;
  readonly schedule: EpicSchedule;
}

/** What the pointer hook calls; one object for the page's life, so its listeners stay put. */
export interface ReschedulePointer {
  canDrag(epicId: number): boolean;
  /** A drag of `edge` began at viewport-local x `pressX`. */
  start(epicId: number, edge: RescheduleEdge, pressX: number): void;
  drag(dx: number): void;
  end(commit: boolean): void;
}

export interface RoadmapReschedule {
  /** Epics as rescheduled here (saved, or shown while their save is on its way), by id. */
  readonly overrides: ReadonlyMap<number, RoadmapEpicView>;
  readonly draft: RescheduleDraft | null;
  /** A drop waiting for the answer to "Switch to fixed dates?". */
  readonly confirming: RescheduleDraft | null;
  readonly answerConfirm: (switchToFixed: boolean) => void;
  /** Said in the roadmap's assertive live region. */
  readonly announcement: string;
  readonly pointer: ReschedulePointer;
  /** Move mode's keys on a focused row; true when the key was taken. */
  readonly onRowKeyDown: (event: ReactKeyboardEvent<HTMLElement>, model: OverlayRowModel) => boolean;
  /** Focus left the row: a keyboard reschedule in progress is cancelled. */
  readonly onRowBlur: () => void;
}

export const scheduleOf = (epic: RoadmapEpicView): EpicSchedule => ({
  startDate: epic.startDate,
  dueDate: epic.dueDate,
  startDateIsFixed: epic.startDateIsFixed,
  dueDateIsFixed: epic.dueDateIsFixed,
});

const scheduleText = (schedule: EpicSchedule): string =>
  formatDateRange(schedule.startDate, schedule.dueDate) ?? RESCHEDULE_TEXT.noDates;

/** Where an epic's bar is drawn: its dates, or the timeframe's edge for an open end. */
function barDaysOf(epic: RoadmapEpicView, scale: TimeScale): BarDays {
  return {
    startDay: epic.startDate ? calendarDateToDay(epic.startDate) : scale.rangeStartDay,
    endDay: epic.dueDate ? calendarDateToDay(epic.dueDate) : scale.rangeEndDay,
  };
}

function snapUnitOf(scale: TimeScale): SnapUnit {
  return snapUnitFor(scale.width / (scale.endDay - scale.startDay + 1));
}

export function useRoadmapReschedule(
  /** The view's controller, made after this hook (it draws the epics this hook overrides). */
  controllerRef: RefObject<RoadmapController | null>,
): RoadmapReschedule {
  const api: RoadmapRescheduleApi = useRoadmapRescheduleApi();
  const pushToast = usePushToast();
  const [draft, setDraftState] = useState<RescheduleDraft | null>(null);
  const [confirming, setConfirming] = useState<RescheduleDraft | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [overrides, setOverrides] = useState<ReadonlyMap<number, RoadmapEpicView>>(() => new Map());

  // The pointer's callbacks outlive renders: they read the latest of everything through refs.
  const live = useRef({ api, pushToast, controllerRef });
  live.current = { api, pushToast, controllerRef };
  const draftRef = useRef<RescheduleDraft | null>(null);
  const asking = useRef(false);
  const pressX = useRef(0);
  const confirmed = useRef(new Map<number, RoadmapEpicView>());
  const pending = useRef(new Map<number, RoadmapEpicView>());
  const saving = useRef(new Set<number>());
  const history = useRef(new RescheduleHistory());

  const setDraft = useCallback((next: RescheduleDraft | null) => {
    draftRef.current = next;
    setDraftState(next);
  }, []);

  const publish = useCallback(() => {
    setOverrides(new Map([...confirmed.current, ...pending.current]));
  }, []);

  /** Sends `target` for `epic` (its view as shown now); true when the server took it. */
  const save = useCallback(
    async (epic: RoadmapEpicView, target: EpicSchedule): Promise<boolean> => {
      const { api: current, pushToast: toast } = live.current;
      saving.current.add(epic.id);
      pending.current.set(epic.id, { ...epic, ...target });
      publish();
      const result = await current.save(epic, datesInput(scheduleOf(epic), target));
      saving.current.delete(epic.id);
      pending.current.delete(epic.id);
      if (result.ok) {
        for (const saved of result.epics) confirmed.current.set(saved.id, saved);
        publish();
        return true;
      }
      if (result.conflict) {
        const fresh = await current.reload(epic);
        if (fresh) confirmed.current.set(fresh.id, fresh);
        toast(RESCHEDULE_TEXT.conflict(epic.title), 'danger');
      } else {
        toast(RESCHEDULE_TEXT.failed(epic.title), 'danger');
      }
      publish();
      return false;
    },
    [publish],
  );

  const commit = useCallback(
    async (chosen: RescheduleDraft) => {
      setDraft(null);
      asking.current = false;
      setConfirming(null);
      if (sameSchedule(chosen.before, chosen.schedule)) return;
      const ok = await save(chosen.epic, chosen.schedule);
      if (!ok) return;
      const saved = confirmed.current.get(chosen.epic.id);
      const after = saved ? scheduleOf(saved) : chosen.schedule;
      history.current.record({
        epicId: chosen.epic.id,
        title: chosen.epic.title,
        before: chosen.before,
        after,
      });
      setAnnouncement(RESCHEDULE_TEXT.saved(chosen.epic.title, scheduleText(after)));
    },
    [save, setDraft],
  );

  /** A drop or Enter: ask first when inherited dates would become fixed. */
  const drop = useCallback(
    (chosen: RescheduleDraft) => {
      if (
        !sameSchedule(chosen.before, chosen.schedule) &&
        fixesInheritedDates(chosen.before, chosen.schedule)
      ) {
        asking.current = true;
        setConfirming(chosen);
        return;
      }
      void commit(chosen);
    },
    [commit],
  );

  const cancel = useCallback(() => {
    const current = draftRef.current;
    if (!current) return;
    setDraft(null);
    if (current.via === 'keyboard') setAnnouncement(RESCHEDULE_TEXT.moveModeCancelled(current.epic.title));
  }, [setDraft]);

  const answerConfirm = useCallback(
    (switchToFixed: boolean) => {
      const chosen = confirming;
      if (!chosen) return;
      if (switchToFixed) void commit(chosen);
      else {
        asking.current = false;
        setConfirming(null);
        setDraft(null);
      }
    },
    [confirming, commit, setDraft],
  );

  const begin = useCallback(
    (epicId: number, edge: RescheduleEdge, via: RescheduleDraft['via']): RescheduleDraft | null => {
      const current = live.current.controllerRef.current;
      const epic = current?.epic(epicId);
      if (!current || !epic?.canUpdate || saving.current.has(epicId)) return null;
      const before = scheduleOf(epic);
      const started: RescheduleDraft = {
        epic,
        edge,
        via,
        unit: snapUnitOf(current.scale),
        bar: barDaysOf(epic, current.scale),
        before,
        schedule: before,
      };
      setDraft(started);
      return started;
    },
    [setDraft],
  );

  const pointer = useMemo<ReschedulePointer>(
    () => ({
      canDrag(epicId) {
        const epic = live.current.controllerRef.current?.epic(epicId);
        return Boolean(epic?.canUpdate) && !saving.current.has(epicId);
      },
      start(epicId, edge, x) {
        pressX.current = x;
        begin(epicId, edge, 'pointer');
      },
      drag(dx) {
        const current = draftRef.current;
        const view = live.current.controllerRef.current;
        if (!current || !view) return;
        const { scale, viewport, frame } = view;
        const from = pressX.current - frame.detailsWidth + viewport.scrollLeft;
        const step = snapStep(scale.dayAt(worldPx(from + dx)) - scale.dayAt(worldPx(from)), current.unit);
        const schedule = rescheduled(current.before, current.edge, step, current.bar);
        if (!sameSchedule(schedule, current.schedule)) setDraft({ ...current, schedule });
      },
      end(commitIt) {
        const current = draftRef.current;
        if (!current) return;
        if (commitIt) drop(current);
        else setDraft(null);
      },
    }),
    [begin, drop, setDraft],
  );

  const onRowKeyDown = useCallback(
    (event: ReactKeyboardEvent<HTMLElement>, model: OverlayRowModel): boolean => {
      if (event.target !== event.currentTarget) return false;
      const current = draftRef.current;
      if (current?.via !== 'keyboard' || current.epic.id !== model.epic.id) {
        const plain = !event.ctrlKey && !event.metaKey && !event.altKey && !event.shiftKey;
        if (!plain || event.key.toLowerCase() !== MOVE_MODE_KEY || !model.epic.canUpdate) return false;
        event.preventDefault();
        event.stopPropagation();
        const started = begin(model.epic.id, 'move', 'keyboard');
        if (started) setAnnouncement(RESCHEDULE_TEXT.moveModeOn(model.epic.title, started.unit));
        return true;
      }
      const action = moveModeKeyAction(event);
      // Move mode holds the row's keys: nothing else happens until Enter or Escape.
      if (!action) return event.key !== 'Tab';
      event.preventDefault();
      event.stopPropagation();
      if (action.kind === 'cancel') cancel();
      else if (action.kind === 'commit') drop(current);
      else {
        const schedule = rescheduled(
          current.schedule,
          action.edge,
          { unit: current.unit, count: action.count },
          current.bar,
        );
        setDraft({ ...current, schedule });
        setAnnouncement(RESCHEDULE_TEXT.datesNow(scheduleText(schedule)));
      }
      return true;
    },
    [begin, cancel, drop, setDraft],
  );

  const onRowBlur = useCallback(() => {
    // The question's dialog takes focus from the row: that is no reason to give up.
    if (draftRef.current?.via === 'keyboard' && !asking.current) cancel();
  }, [cancel]);

  // Undo and redo: the page's own keys, outside text fields and dialogs.
  useEffect(() => {
    const step = async (direction: 'undo' | 'redo') => {
      const entry = direction === 'undo' ? history.current.nextUndo : history.current.nextRedo;
      if (!entry || saving.current.has(entry.epicId)) return;
      const epic = live.current.controllerRef.current?.epic(entry.epicId);
      if (!epic) {
        live.current.pushToast(RESCHEDULE_TEXT.notLoaded, 'danger');
        return;
      }
      const ok = await save(epic, direction === 'undo' ? entry.before : entry.after);
      if (!ok) return;
      if (direction === 'undo') history.current.undone();
      else history.current.redone();
      const text =
        direction === 'undo' ? RESCHEDULE_TEXT.undone(entry.title) : RESCHEDULE_TEXT.redone(entry.title);
      live.current.pushToast(text, 'info');
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || isTypingTarget(event.target)) return;
      if (document.querySelector('dialog[open]')) return;
      const key = keyName(event);
      const undo = key === 'ctrl+z' || key === 'meta+z';
      const redo = key === 'ctrl+shift+z' || key === 'meta+shift+z' || key === 'ctrl+y';
      if (!undo && !redo) return;
      event.preventDefault();
      void step(undo ? 'undo' : 'redo');
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [save]);

  return { overrides, draft, confirming, answerConfirm, announcement, pointer, onRowKeyDown, onRowBlur };
}
