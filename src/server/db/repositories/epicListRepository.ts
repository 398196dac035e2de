import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { DateRange } from '../../../core/time/calendarDate.ts';
import type { Executor } from '../executor.ts';
import {
  type CursorKeyType,
  type KeysetOrder,
  keysetPage,
  type OffsetLimit,
  orderBySql,
  type Page,
  type PageArgs,
  type PageSizeLimits,
  type PageWithTotal,
  pageWithTotal,
} from '../pagination.ts';
import type { Database, EpicRow } from '../schema.ts';
import { intArray } from '../sqlInteger.ts';
import { epicRowArray, epicRowOfArray } from './epicRowJson.ts';
import { hasAnyLabel, hasEveryLabel } from './labelFilters.ts';
import { escapeLike } from './namespaceRepository.ts';
import { issueVisibleTo, type StatsVisibility } from './visibility.ts';

/**
 * Lists of epics (GitLab's epic finders): one filter, sorted by keyset for GraphQL connections or by
 * offset for REST pages, and counted.
 */

export type EpicSortColumn =
  | 'created_at'
  | 'updated_at'
  | 'title'
  | 'start_date'
  | 'due_date'
  | 'relative_position';

export interface EpicSort {
  readonly column: EpicSortColumn;
  readonly direction: 'asc' | 'desc';
}

/**
 * Every filter GitLab's epic finders take, in SQL terms: visibility comes in as group id lists decided
 * by the service, users as ids (services/epics/epicQueries.ts resolves its EpicListFilter into this).
 */
export interface EpicRowFilter {
  /** Groups whose epics may be listed (already restricted to what the viewer can read). */
  readonly groupIds: readonly number[];
  /** Groups in which the viewer may also see confidential epics. */
  readonly confidentialGroupIds: readonly number[];
  /** The root namespace of every listed group: lets the planner use the root's indexes. */
  readonly rootNamespaceId?: number | undefined;
  /** The listed groups are every group of the root namespace, so top level means no parent at all. */
  readonly coversRoot?: boolean | undefined;
  readonly state?: 'opened' | 'closed' | undefined;
  readonly search?: string | undefined;
  readonly authorIds?: readonly number[] | undefined;
  readonly notAuthorIds?: readonly number[] | undefined;
  readonly labelNames?: readonly string[] | undefined;
  readonly notLabelNames?: readonly string[] | undefined;
  /** `None` / `Any` are GitLab's special label filters. */
  readonly labelPresence?: 'none' | 'any' | undefined;
  readonly confidential?: boolean | undefined;
  readonly iids?: readonly number[] | undefined;
  readonly parentId?: number | undefined;
  readonly topLevelOnly?: boolean | undefined;
  readonly createdAfter?: Date | undefined;
  readonly createdBefore?: Date | undefined;
  readonly updatedAfter?: Date | undefined;
  readonly updatedBefore?: Date | undefined;
  readonly reactionEmoji?:
    | { readonly userId: number; readonly name: string; readonly negated: boolean }
    | undefined;
  /** GitLab's timeframe: at least one date set, and the dates overlap the closed range. */
  readonly timeframe?: DateRange | undefined;
  /** Epics holding an issue the viewer may see in a milestone of this title. */
  readonly milestoneTitle?:
    | {
        readonly title: string;
        readonly visibleIssues: Pick<StatsVisibility, 'projectIds' | 'confidentialProjectIds'>;
      }
    | undefined;
  /** `or` filters: any of these labels / authors. */
  readonly anyLabelNames?: readonly string[] | undefined;
  readonly anyAuthorIds?: readonly number[] | undefined;
  readonly iidPrefix?: string | undefined;
}

function filteredEpics(db: Executor, filter: EpicRowFilter) {
  let query = db.selectFrom('epics');
  if (filter.groupIds.length === 0) return query.where(sql<SqlBool>`false`);
  query = query.where('epics.group_id', 'in', [...filter.groupIds]);
  if (filter.rootNamespaceId !== undefined) {
    query = query.where('epics.root_namespace_id', '=', filter.rootNamespaceId);
  }
  const confidentialIds = [...filter.confidentialGroupIds];
  query = query.where((eb) =>
    confidentialIds.length === 0
      ? eb('epics.confidential', '=', false)
      : eb.or([eb('epics.confidential', '=', false), eb('epics.group_id', 'in', confidentialIds)]),
  );
  if (filter.state) query = query.where('epics.state', '=', filter.state);
  if (filter.confidential !== undefined) query = query.where('epics.confidential', '=', filter.confidential);
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    query = query.where((eb) =>
      eb.or([eb('epics.title', 'ilike', pattern), eb('epics.description', 'ilike', pattern)]),
    );
  }
  if (filter.authorIds) query = query.where('epics.author_id', 'in', [...filter.authorIds, 0]);
  if (filter.notAuthorIds?.length) query = query.where('epics.author_id', 'not in', [...filter.notAuthorIds]);
  if (filter.iids) query = query.where('epics.iid', 'in', [...filter.iids, 0]);
  if (filter.parentId !== undefined) query = query.where('epics.parent_id', '=', filter.parentId);
  if (filter.topLevelOnly) query = query.where((eb) => topLevelWithinListedGroups(eb, filter));
  if (filter.createdAfter) query = query.where('epics.created_at', '>=', filter.createdAfter);
  if (filter.createdBefore) query = query.where('epics.created_at', '<=', filter.createdBefore);
  if (filter.updatedAfter) query = query.where('epics.updated_at', '>=', filter.updatedAfter);
  if (filter.updatedBefore) query = query.where('epics.updated_at', '<=', filter.updatedBefore);
  if (filter.labelNames?.length) query = query.where(hasEveryLabel('Epic', 'epics.id', filter.labelNames));
  if (filter.notLabelNames?.length) {
    query = query.where(sql<SqlBool>`NOT ${hasAnyLabel('Epic', 'epics.id', filter.notLabelNames)}`);
  }
  if (filter.labelPresence) {
    query = query.where((eb) => {
      const any = eb.exists(
        eb
          .selectFrom('label_links')
          .select(sql`1`.as('one'))
          .where('label_links.target_type', '=', 'Epic')
          .whereRef('label_links.target_id', '=', 'epics.id'),
      );
      return filter.labelPresence === 'any' ? any : eb.not(any);
    });
  }
  if (filter.timeframe) {
    const { start, end } = filter.timeframe;
    query = query.where((eb) =>
      eb.and([
        eb.or([eb('epics.start_date', 'is not', null), eb('epics.due_date', 'is not', null)]),
        eb.or([eb('epics.start_date', 'is', null), eb('epics.start_date', '<=', end)]),
        eb.or([eb('epics.due_date', 'is', null), eb('epics.due_date', '>=', start)]),
      ]),
    );
  }
  if (filter.milestoneTitle !== undefined) {
    const { title, visibleIssues } = filter.milestoneTitle;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('epic_issues')
          .innerJoin('issues', 'issues.id', 'epic_issues.issue_id')
          .innerJoin('milestones', 'milestones.id', 'issues.milestone_id')
          .select(sql`1`.as('one'))
          .whereRef('epic_issues.epic_id', '=', 'epics.id')
          .where('milestones.title', '=', title)
          .where(issueVisibleTo('issues', visibleIssues)),
      ),
    );
  }
  if (filter.anyLabelNames?.length) {
    const titles = [...filter.anyLabelNames];
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('label_links')
          .innerJoin('labels', 'labels.id', 'label_links.label_id')
          .select(sql`1`.as('one'))
          .where('label_links.target_type', '=', 'Epic')
          .whereRef('label_links.target_id', '=', 'epics.id')
          .where('labels.title', 'in', titles),
      ),
    );
  }
  if (filter.anyAuthorIds) query = query.where('epics.author_id', 'in', [...filter.anyAuthorIds, 0]);
  if (filter.iidPrefix !== undefined) {
    query = query.where(sql<SqlBool>`epics.iid::text LIKE ${`${filter.iidPrefix}%`}`);
  }
  if (filter.reactionEmoji) {
    const { userId, name, negated } = filter.reactionEmoji;
    query = query.where((eb) => {
      const reacted = eb.exists(
        eb
          .selectFrom('award_emoji')
          .select(sql`1`.as('one'))
          .where('award_emoji.awardable_type', '=', 'Epic')
          .whereRef('award_emoji.awardable_id', '=', 'epics.id')
          .where('award_emoji.user_id', '=', userId)
          .where((inner) => (name === 'Any' ? sql<SqlBool>`true` : inner('award_emoji.name', '=', name))),
      );
      return negated || name === 'None' ? eb.not(reacted) : reacted;
    });
  }
  return query;
}

/**
 * Top level within the listed hierarchy: no parent, or a parent outside the listed groups. The parent's
 * group is looked up per row (a primary-key probe) rather than with NOT EXISTS, which PostgreSQL turns
 * into a hashed scan of every epic in the listed groups before returning the first row.
 */
function topLevelWithinListedGroups(eb: ExpressionBuilder<Database, 'epics'>, filter: EpicRowFilter) {
  if (filter.coversRoot) return eb('epics.parent_id', 'is', null);
  return eb.or([
    eb('epics.parent_id', 'is', null),
    sql<SqlBool>`(SELECT parent.group_id FROM epics parent WHERE parent.id = epics.parent_id) <> ALL(${intArray(filter.groupIds)})`,
  ]);
}

const CURSOR_KEY_TYPES: Record<EpicSortColumn, CursorKeyType> = {
  created_at: 'timestamp',
  updated_at: 'timestamp',
  title: 'text',
  start_date: 'date',
  due_date: 'date',
  relative_position: 'integer',
};

export function epicKeysetOrder(sort: EpicSort): KeysetOrder {
  // GitLab orders date sorts by (date NULLS LAST, id DESC); the others tie-break in their own direction.
  const dateSort =
    sort.column === 'start_date' || sort.column === 'due_date' || sort.column === 'relative_position';
  return {
    column: `epics.${sort.column}`,
    cursorKey: sort.column,
    keyType: CURSOR_KEY_TYPES[sort.column],
    direction: sort.direction,
    idColumn: 'epics.id',
    idDirection: dateSort ? 'desc' : sort.direction,
  };
}

/** One keyset page of epics, each row read as one JSON array (epicRowJson.ts). */
export async function listEpicsByKeyset(
  db: Executor,
  filter: EpicRowFilter,
  sort: EpicSort,
  args: PageArgs,
  limits: PageSizeLimits,
): Promise<Page<EpicRow> & { order: KeysetOrder }> {
  const selection = filteredEpics(db, filter).select(epicRowArray('epics').as('epic'));
  const page = await keysetPage(selection, epicKeysetOrder(sort), args, limits);
  return { ...page, rows: page.rows.map(({ epic }) => epicRowOfArray(epic)) };
}

/** One offset page of the epics under the filter, and how many there are in all. */
export function listEpicsByOffset(
  db: Executor,
  filter: EpicRowFilter,
  sort: EpicSort,
  page: OffsetLimit,
): Promise<PageWithTotal<EpicRow>> {
  const order = epicKeysetOrder(sort);
  return pageWithTotal(
    filteredEpics(db, filter),
    (query) => query.selectAll('epics').orderBy(orderBySql(order, false)),
    page,
  );
}

export async function countEpics(db: Executor, filter: EpicRowFilter): Promise<number> {
  const row = await filteredEpics(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
