/**
 * The reschedules made while the roadmap page is open, for Ctrl/Cmd+Z and Ctrl/Cmd+Shift+Z: a list
 * with a cursor, as an editor keeps one. A new reschedule drops what was undone after the cursor.
 */
import type { EpicSchedule } from '../../../core/layout/reschedule.ts';

export interface RescheduleEntry {
  readonly epicId: number;
  readonly title: string;
  readonly before: EpicSchedule;
  readonly after: EpicSchedule;
}

export class RescheduleHistory {
  private entries: RescheduleEntry[] = [];
  /** How many entries are done: entries[cursor - 1] is the next to undo, entries[cursor] to redo. */
  private cursor = 0;

  record(entry: RescheduleEntry): void {
    this.entries = [...this.entries.slice(0, this.cursor), entry];
    this.cursor = this.entries.length;
  }

  /** What Ctrl/Cmd+Z would undo: go from `after` back to `before`. */
  get nextUndo(): RescheduleEntry | null {
    return this.entries[this.cursor - 1] ?? null;
  }

  get nextRedo(): RescheduleEntry | null {
    return this.entries[this.cursor] ?? null;
  }

  /** The undo of `nextUndo` was saved. */
  undone(): void {
    if (this.cursor > 0) this.cursor -= 1;
  }

  redone(): void {
    if (this.cursor < this.entries.length) this.cursor += 1;
  }
}
