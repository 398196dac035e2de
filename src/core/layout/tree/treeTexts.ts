/**
 * Live-region announcements of the tree's keyboard moves. These are ours (the spec has none for
 * keyboard moves); the spec's user-visible tree texts live in the client feature.
 */
import { MAX_EPIC_HIERARCHY_DEPTH } from '../../domain/epicRules.ts';

export const treeTexts = {
  grabbed: (title: string) => `Grabbed ${title}. Use arrow keys to move, Space to drop, Escape to cancel.`,
  position: (title: string, position: number, size: number, parentTitle: string) =>
    `${title}, position ${position} of ${size} in ${parentTitle}`,
  dropped: (title: string, position: number, size: number, parentTitle: string) =>
    `Dropped ${title}, position ${position} of ${size} in ${parentTitle}.`,
  droppedUnchanged: (title: string) => `Dropped ${title}. Its position is unchanged.`,
  cancelled: 'Move cancelled.',
  cannotMoveFurther: (title: string) => `${title} cannot move further in that direction.`,
  cannotGoInto: (title: string) => `${title} cannot go into the item above it.`,
  tooDeep: (title: string) =>
    `${title} cannot go there: epics can be nested at most ${MAX_EPIC_HIERARCHY_DEPTH} levels deep.`,
} as const;
