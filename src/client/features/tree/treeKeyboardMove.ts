/**
 * The tree's keyboard move, main-thread side: Space grabs, arrows move, Space or Enter drops, Escape
 * cancels. The machine itself (`keyboardMove.ts`) runs in the layout worker, beside the model each
 * key changes; this side knows whether keys belong to a move, shows what each step says and where
 * focus goes, loads the children of epics the item entered, and sends the drop.
 */

import type { KeyboardMoveCommand, KeyboardMoveStep } from '../../../core/layout/tree/keyboardMove.ts';
import type { TreeItemKey } from '../../../core/layout/tree/treeItem.ts';
import type { MoveUndo } from '../../../core/layout/tree/treeMoves.ts';
import type { EpicTreeNodeFieldsInput } from '../../../core/layout/tree/treeReorder.ts';
import type { TreeKeyboardInput } from '../../bridge/treeLayoutClient.ts';

/** The part of the tree's view state a keyboard move shows. */
export interface KeyboardMoveView {
  /** The item grabbed by keyboard, or null. */
  readonly grabbedKey: TreeItemKey | null;
  readonly focusKey: TreeItemKey | null;
  /** For the live region. */
  readonly announcement: string;
}

/** What the keyboard move needs from the controller that owns the tree's state. */
export interface TreeKeyboardMoveHost {
  /** Sends one input to the worker's machine; undefined when the worker failed (reported). */
  send(input: TreeKeyboardInput): Promise<{ step: KeyboardMoveStep; focusRow: number } | undefined>;
  view(): KeyboardMoveView;
  show(patch: Partial<KeyboardMoveView>): void;
  /** Loads an epic's first page of children; null when the item is not known (nothing to load). */
  loadChildren(key: TreeItemKey): Promise<void> | null;
  /** Sends the dropped move; a refusal undoes it. */
  sendMove(mutation: EpicTreeNodeFieldsInput, undo: MoveUndo): Promise<void>;
}

export class TreeKeyboardMove {
  /**
   * A keyboard move is under way as far as keys are concerned. Set when Space is pressed, not when
   * the worker answers, so that an arrow typed right after Space moves the item instead of the
   * focus; the worker takes the commands in the order they were sent.
   */
  private grabbed = false;
  private disposed = false;

  constructor(private readonly host: TreeKeyboardMoveHost) {}

  /** Whether keys go to a keyboard move: true from the Space that grabs, before the worker answers. */
  get grabbing(): boolean {
    return this.grabbed;
  }

  async grab(key: TreeItemKey): Promise<void> {
    this.grabbed = true;
    const answer = await this.host.send({ type: 'grab', key });
    if (answer?.step.phase !== 'grabbed') this.grabbed = false;
    if (!answer) return;
    this.host.show({
      grabbedKey: answer.step.phase === 'grabbed' ? key : null,
      announcement: answer.step.announcement,
    });
  }

  /** One key of a move under way; resolves with the row that keeps focus (-1: none). */
  async step(command: KeyboardMoveCommand): Promise<number> {
    if (command === 'drop' || command === 'cancel') this.grabbed = false;
    const answer = await this.host.send({ type: command });
    if (!answer) return -1;
    const { step } = answer;
    if (step.phase === 'idle') this.grabbed = false;
    const view = this.host.view();
    this.host.show({
      grabbedKey: step.phase === 'grabbed' ? view.grabbedKey : null,
      focusKey: step.focusKey ?? view.focusKey,
      announcement: step.announcement,
    });
    for (const key of step.fetchChildren) {
      void this.host.loadChildren(key)?.then(() => this.announcePlace());
    }
    if (step.commit) void this.host.sendMove(step.commit.mutation, step.commit.undo);
    return answer.focusRow;
  }

  /** Stops announcing: the tree is gone. */
  dispose(): void {
    this.disposed = true;
  }

  /**
   * The grabbed item went into an epic whose children were still loading; they have arrived
   * around it, so its announced position (1 of 1) is stale: say the real one.
   */
  private async announcePlace(): Promise<void> {
    if (!this.grabbed || this.disposed) return;
    const answer = await this.host.send({ type: 'locate' });
    if (answer?.step.phase !== 'grabbed' || !this.grabbed) return;
    this.host.show({ announcement: answer.step.announcement });
  }
}

/** What a key means while an item is grabbed, or null when it means nothing to the move. */
export function keyboardMoveCommand(key: string): KeyboardMoveCommand | null {
  switch (key) {
    case 'ArrowUp':
      return 'up';
    case 'ArrowDown':
      return 'down';
    case 'ArrowRight':
      return 'in';
    case 'ArrowLeft':
      return 'out';
    case ' ':
    case 'Enter':
      return 'drop';
    case 'Escape':
      return 'cancel';
    default:
      return null;
  }
}
