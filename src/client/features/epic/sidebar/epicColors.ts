/** The colour block's choices: GitLab's suggested colours, Blue (#1068bf, the default) first. */
import { SUGGESTED_EPIC_COLORS } from '../../../../core/domain/colors.ts';

export const EPIC_COLOR_CHOICES = SUGGESTED_EPIC_COLORS;

/** Colours compare without regard to case (`#1068BF` is `#1068bf`). */
export const isSameColor = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** A suggested colour's name ('Blue'); any other colour reads as its hex code. */
export function colorTitle(color: string): string {
  return EPIC_COLOR_CHOICES.find((choice) => isSameColor(choice.color, color))?.title ?? color;
}
