import { type RawBuilder, type SqlBool, sql } from 'kysely';

type LabelledType = 'Epic' | 'Issue' | 'MergeRequest';

/**
 * The target carries a label of every one of these titles. One correlated count over the target's
 * own label links (a probe of `label_links (target_type, target_id, label_id)`), so its cost grows
 * with the list, not with its square: one EXISTS per title made the planner's work explode
 * (issue 13: 100 names took 8–28 s, 1,000 ran the embedded database out of memory). Several labels
 * may share a title (a group's and its subgroup's), hence DISTINCT titles.
 */
export function hasEveryLabel(
  type: LabelledType,
  targetId: string,
  titles: readonly string[],
): RawBuilder<SqlBool> {
  const wanted = [...new Set(titles)];
  if (wanted.length === 0) return sql<SqlBool>`true`;
  return sql<SqlBool>`(SELECT count(DISTINCT labels.title) FROM label_links
    JOIN labels ON labels.id = label_links.label_id
    WHERE label_links.target_type = ${type} AND label_links.target_id = ${sql.ref(targetId)}
      AND labels.title IN (${sql.join(wanted)})) = ${wanted.length}`;
}

/** The target carries a label of at least one of these titles (one EXISTS, whatever the list). */
export function hasAnyLabel(
  type: LabelledType,
  targetId: string,
  titles: readonly string[],
): RawBuilder<SqlBool> {
  if (titles.length === 0) return sql<SqlBool>`false`;
  return sql<SqlBool>`EXISTS (SELECT 1 FROM label_links
    JOIN labels ON labels.id = label_links.label_id
    WHERE label_links.target_type = ${type} AND label_links.target_id = ${sql.ref(targetId)}
      AND labels.title IN (${sql.join([...new Set(titles)])}))`;
}
