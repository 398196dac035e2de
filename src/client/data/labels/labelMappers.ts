/** Pure mappers from the generated label fields to LabelView. */
import type { LabelFieldsFragment } from '../generated/graphql.ts';
import { compact } from '../mappers.ts';
import type { LabelView } from '../types.ts';

type Maybe<T> = T | null | undefined;

export const toLabel = (label: LabelFieldsFragment): LabelView => ({
  id: label.id,
  title: label.title,
  description: label.description,
  color: label.color,
  textColor: label.textColor,
});

export const toLabels = (connection: Maybe<{ nodes?: Maybe<Maybe<LabelFieldsFragment>[]> }>): LabelView[] =>
  compact(connection?.nodes).map(toLabel);
