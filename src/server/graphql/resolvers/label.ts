import { contrastTextColor } from '../../../core/domain/colors.ts';
import { toGlobalId } from '../../../core/domain/gid.ts';
import type { LabelResolvers } from '../generated/resolvers.ts';

export const Label: LabelResolvers = {
  id: (label) => toGlobalId('Label', label.id),
  textColor: (label) => contrastTextColor(label.color),
  createdAt: (label) => label.created_at.toISOString(),
};
