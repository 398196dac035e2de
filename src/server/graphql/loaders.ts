import type { Kysely } from 'kysely';
import { publishedIncidentUrl } from '../../core/domain/statusPage.ts';
import type { UserStatus } from '../../core/domain/userSettings.ts';
import { appendTo } from '../../core/lib/multiMap.ts';
import { type DateRange, parseCalendarDate } from '../../core/time/calendarDate.ts';
import { findAwardsOf } from '../db/repositories/awardEmojiRepository.ts';
import { findAncestorsOfMany } from '../db/repositories/epicHierarchyRepository.ts';
import {
  findInheritedDateSources,
  type InheritedDateSource,
} from '../db/repositories/epicInheritedDatesRepository.ts';
import { findEpicsByIds } from '../db/repositories/epicRepository.ts';
import {
  type EpicSummary,
  findBlockingEpicsOf,
  findEpicIdsWithChildren,
  findEpicIdsWithIssues,
  findEpicSummaries,
} from '../db/repositories/epicSummaryRepository.ts';
import { findBlockedIssueIds } from '../db/repositories/epicTreeRepository.ts';
import {
  countIssuesOfMilestones,
  countVotes,
  findAssigneeIdsOfIssues,
  findEpicIdsOfIssues,
  type MilestoneIssueCounts,
} from '../db/repositories/issueRepository.ts';
import { findIssuesByIds } from '../db/repositories/issueRowsRepository.ts';
import { findLabelsOfTargets } from '../db/repositories/labelRepository.ts';
import { findMilestonesByIds } from '../db/repositories/milestoneRepository.ts';
import { findGroupsAndProjectsOfRoot, findNamespacesByIds } from '../db/repositories/namespaceRepository.ts';
import {
  countUserNotes,
  findNotesOfNoteables,
  findNoteTexts,
  type UserNoteCounts,
} from '../db/repositories/noteRepository.ts';
import { countOpenIssuesByProject, findProjectsByIds } from '../db/repositories/projectRepository.ts';
import { findPublishedIncidentPages } from '../db/repositories/statusPageRepository.ts';
import { findSubscriptionChoices } from '../db/repositories/subscriptionRepository.ts';
import { findTagsOfTimelineEvents } from '../db/repositories/timelineEventTagRepository.ts';
import { findTodosOfTargets } from '../db/repositories/todoRepository.ts';
import { findUsersByIds } from '../db/repositories/userRepository.ts';
import type { StatsVisibility } from '../db/repositories/visibility.ts';
import { findScannersByIds } from '../db/repositories/vulnerabilityRepository.ts';
import { findChildIdsOf, findParentIdsOf } from '../db/repositories/workItemParentLinkRepository.ts';
import { findAddedZoomMeetingUrls } from '../db/repositories/zoomMeetingRepository.ts';
import type {
  AwardEmojiRow,
  Database,
  EpicRow,
  IssueRow,
  LabelRow,
  MilestoneRow,
  NamespaceRow,
  NoteRow,
  ProjectRow,
  TimelineEventTagRow,
  TodoRow,
  UserRow,
  VulnerabilityScannerRow,
} from '../db/schema.ts';
import type { SnapshotReads } from '../services/snapshotReads.ts';
import { readUserStatuses } from '../services/userStatusService.ts';
import { BatchLoader } from './batchLoader.ts';
import { createMergeRequestLoaders } from './loaders/mergeRequestLoaders.ts';

/** What the summary loader reads, for the resolvers that answer with a summary's own fields. */
export { type EpicSummary, NO_EPIC_SUMMARY } from '../db/repositories/epicSummaryRepository.ts';

/** Key of an epic's or issue's notes: its type, id, and whether the reader sees internal notes. */
export function noteableKey(
  type: 'Epic' | 'Issue' | 'MergeRequest' | 'Note',
  id: number,
  withInternal = false,
): string {
  return `${type}|${id}|${withInternal ? 1 : 0}`;
}

/** Splits noteable keys by type: the ids, and those whose internal notes are read. */
function keysByType(keys: readonly string[]) {
  const byType = new Map<string, { ids: number[]; withInternal: Set<number> }>();
  for (const key of keys) {
    const [type = '', id, internal] = key.split('|');
    const entry = byType.get(type) ?? { ids: [], withInternal: new Set<number>() };
    entry.ids.push(Number(id));
    if (internal === '1') entry.withInternal.add(Number(id));
    byType.set(type, entry);
  }
  return byType;
}

const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));

/** Key of an epic summary: its root namespace, the list's timeframe (may be empty) and the epic. */
export function summaryKey(rootId: number, timeframe: DateRange | undefined, epicId: number): string {
  return `${rootId}|${timeframe?.start ?? ''}|${timeframe?.end ?? ''}|${epicId}`;
}

/** Key of a per-viewer fact about an epic or project: its root namespace (whose visibility applies) and its id. */
export function rootedKey(rootId: number, epicId: number): string {
  return `${rootId}|${epicId}`;
}

/** A per-request memo keyed by root namespace: each root is computed at most once. */
export function perRoot<T>(compute: (rootId: number) => Promise<T>): (rootId: number) => Promise<T> {
  const cache = new Map<number, Promise<T>>();
  return (rootId) => {
    let value = cache.get(rootId);
    if (!value) {
      value = compute(rootId);
      cache.set(rootId, value);
    }
    return value;
  };
}

function groupByRoot(keys: readonly string[]): Map<number, number[]> {
  const byRoot = new Map<number, number[]>();
  for (const key of keys) {
    const [rootId, epicId] = key.split('|').map(Number) as [number, number];
    appendTo(byRoot, rootId, epicId);
  }
  return byRoot;
}

/**
 * A yes/no fact about epics that depends on what the viewer may see: keyed by `rootedKey`, one
 * statement per root namespace in the batch, under that root's visibility.
 */
function viewerFlagLoader(
  viewerScope: (rootId: number) => Promise<StatsVisibility>,
  findFlagged: (epicIds: number[], scope: StatsVisibility) => Promise<Set<number>>,
): BatchLoader<string, boolean> {
  return new BatchLoader<string, boolean>(async (keys) => {
    const result = new Map<string, boolean>();
    for (const [rootId, epicIds] of groupByRoot(keys)) {
      const flagged = await findFlagged(epicIds, await viewerScope(rootId));
      for (const epicId of epicIds) result.set(rootedKey(rootId, epicId), flagged.has(epicId));
    }
    return result;
  }, false);
}

/** Per-request batch loaders: every relation of a page costs one statement, whatever the page size. */
export function createLoaders(
  db: Kysely<Database>,
  viewerScope: (rootId: number) => Promise<StatsVisibility>,
  viewerId: number | null,
  /** An administrator: issues of banned authors show (issueRepository's IssueReader). */
  seesHidden: boolean,
  /** The request's clock: statuses past their clear time read as none. */
  now: () => Date,
  /** Where the root's groups and projects come from (AccessContext.reads, set before execution). */
  snapshotReads: () => SnapshotReads,
) {
  const epic = new BatchLoader<number, EpicRow | null>(
    async (ids) => byId(await findEpicsByIds(db, ids)),
    null,
  );
  const namespace = new BatchLoader<number, NamespaceRow | null>(
    async (ids) => byId(await findNamespacesByIds(db, ids)),
    null,
  );
  const project = new BatchLoader<number, ProjectRow | null>(
    async (ids) => byId(await findProjectsByIds(db, ids)),
    null,
  );
  const user = new BatchLoader<number, UserRow | null>(
    async (ids) => byId(await findUsersByIds(db, ids)),
    null,
  );
  const vulnerabilityScanner = new BatchLoader<number, VulnerabilityScannerRow | null>(
    async (ids) => byId(await findScannersByIds(db, ids)),
    null,
  );
  return {
    vulnerabilityScanner,
    /** Merge requests and their relations (loaders/mergeRequestLoaders.ts). */
    mergeRequests: createMergeRequestLoaders(db, viewerId, { project, namespace, user }),
    user,
    userStatus: new BatchLoader<number, UserStatus | null>((ids) => readUserStatuses(db, ids, now()), null),
    namespace,
    /**
     * Every group and project of a root namespace, in one statement: what the viewer's scope is
     * decided from. Its groups fill the namespace cache, so resolvers that follow read none again.
     */
    rootContents: perRoot(async (rootId) => {
      const contents = await snapshotReads().remember(`root:${rootId}`, () =>
        findGroupsAndProjectsOfRoot(db, rootId),
      );
      for (const group of contents.groups) namespace.prime(group.id, group);
      return contents;
    }),
    project,
    epic,
    /**
     * Issues by id, unchecked: for rows already filtered to what the viewer may read (a to-do's
     * target), never for an id a client names.
     */
    issue: new BatchLoader<number, IssueRow | null>(
      async (ids) => byId(await findIssuesByIds(db, ids)),
      null,
    ),
    /**
     * Keyed by `noteableKey`: every note of each epic or issue the reader may see, oldest first, one
     * statement per type (a page of items with their notes and discussions).
     */
    noteableNotes: new BatchLoader<string, NoteRow[]>(async (keys) => {
      const result = new Map<string, NoteRow[]>();
      for (const [type, { ids, withInternal }] of keysByType(keys)) {
        const rows = await findNotesOfNoteables(db, type as 'Epic' | 'Issue', ids, withInternal);
        for (const row of rows) {
          const key = noteableKey(
            row.noteable_type as 'Epic' | 'Issue',
            row.noteable_id,
            withInternal.has(row.noteable_id),
          );
          const list = result.get(key);
          if (list) list.push(row);
          else result.set(key, [row]);
        }
      }
      return result;
    }, []),
    /** Keyed by `noteableKey` (without internal): the reactions on each epic, issue or note. */
    awards: new BatchLoader<string, AwardEmojiRow[]>(async (keys) => {
      const result = new Map<string, AwardEmojiRow[]>();
      for (const [type, { ids }] of keysByType(keys)) {
        for (const row of await findAwardsOf(db, type as 'Epic' | 'Issue' | 'Note', ids)) {
          const key = noteableKey(row.awardable_type as 'Epic' | 'Issue' | 'Note', row.awardable_id);
          const list = result.get(key);
          if (list) list.push(row);
          else result.set(key, [row]);
        }
      }
      return result;
    }, []),
    issueNoteCounts: new BatchLoader<number, UserNoteCounts | null>(
      (ids) => countUserNotes(db, 'Issue', ids),
      null,
    ),
    epicNoteCounts: new BatchLoader<number, UserNoteCounts | null>(
      (ids) => countUserNotes(db, 'Epic', ids),
      null,
    ),
    /** The text of the notes that raised to-dos (a to-do's body). */
    noteText: new BatchLoader<number, string | null>((ids) => findNoteTexts(db, ids), null),
    milestone: new BatchLoader<number, MilestoneRow | null>(
      async (ids) => byId(await findMilestonesByIds(db, ids)),
      null,
    ),
    epicLabels: new BatchLoader<number, LabelRow[]>((ids) => findLabelsOfTargets(db, 'Epic', ids), []),
    issueLabels: new BatchLoader<number, LabelRow[]>((ids) => findLabelsOfTargets(db, 'Issue', ids), []),
    epicVotes: new BatchLoader((ids: number[]) => countVotes(db, 'Epic', ids), { upvotes: 0, downvotes: 0 }),
    issueVotes: new BatchLoader((ids: number[]) => countVotes(db, 'Issue', ids), {
      upvotes: 0,
      downvotes: 0,
    }),
    issueAssigneeIds: new BatchLoader<number, number[]>((ids) => findAssigneeIdsOfIssues(db, ids), []),
    issueEpicId: new BatchLoader<number, number | null>((ids) => findEpicIdsOfIssues(db, ids), null),
    /** The tags of each timeline event of the page. */
    timelineEventTags: new BatchLoader<number, TimelineEventTagRow[]>(
      (ids) => findTagsOfTimelineEvents(db, ids),
      [],
    ),
    /** The Zoom meeting pinned to each issue of the page, null for none. */
    zoomMeetingUrl: new BatchLoader<number, string | null>((ids) => findAddedZoomMeetingUrls(db, ids), null),
    /** Where the status page shows each published issue of the page, null for none. */
    publishedIncidentUrl: new BatchLoader<number, string | null>(
      async (ids) =>
        new Map(
          [...(await findPublishedIncidentPages(db, ids))].map(([id, page]) => [
            id,
            publishedIncidentUrl(page.statusPageUrl, page.iid),
          ]),
        ),
      null,
    ),
    /** A work item's parent work item id (work_item_parent_links), null for none. */
    workItemParentId: new BatchLoader<number, number | null>((ids) => findParentIdsOf(db, ids), null),
    /** A work item's child ids in their order, readable or not (readers filter). */
    workItemChildIds: new BatchLoader<number, number[]>((ids) => findChildIdsOf(db, ids), []),
    /** Keyed by `rootedKey` (root namespace and epic): whether the epic holds an issue the viewer may see. */
    epicHasIssues: viewerFlagLoader(viewerScope, (epicIds, scope) =>
      findEpicIdsWithIssues(db, epicIds, scope),
    ),
    /** Keyed by `rootedKey`: whether the epic has a child epic the viewer may see. */
    epicHasChildren: viewerFlagLoader(viewerScope, (epicIds, scope) =>
      findEpicIdsWithChildren(db, epicIds, scope),
    ),
    /**
     * Keyed by `rootedKey` (root namespace and epic): the open epics the viewer may see that block it,
     * one statement per root namespace in the batch; the rows fill the epic cache.
     */
    epicBlockedBy: new BatchLoader<string, EpicRow[]>(async (keys) => {
      const result = new Map<string, EpicRow[]>();
      for (const [rootId, epicIds] of groupByRoot(keys)) {
        const blockers = await findBlockingEpicsOf(db, epicIds, await viewerScope(rootId));
        for (const [epicId, rows] of blockers) {
          for (const row of rows) epic.prime(row.id, row);
          result.set(rootedKey(rootId, epicId), rows);
        }
      }
      return result;
    }, []),
    /** Keyed by `rootedKey` (root namespace and issue): whether an open issue the viewer may see blocks it. */
    issueBlocked: new BatchLoader<string, boolean>(async (keys) => {
      const result = new Map<string, boolean>();
      for (const [rootId, issueIds] of groupByRoot(keys)) {
        const blocked = await findBlockedIssueIds(db, issueIds, {
          ...(await viewerScope(rootId)),
          viewerId,
          seesHidden,
        });
        for (const id of issueIds) result.set(rootedKey(rootId, id), blocked.has(id));
      }
      return result;
    }, false),
    /** Keyed by `rootedKey`: open issues of each project that the viewer may see. */
    projectOpenIssues: new BatchLoader<string, number>(async (keys) => {
      const result = new Map<string, number>();
      for (const [rootId, projectIds] of groupByRoot(keys)) {
        const confidential = new Set((await viewerScope(rootId)).confidentialProjectIds);
        const counts = await countOpenIssuesByProject(db, projectIds, (id) => confidential.has(id));
        for (const id of projectIds) result.set(rootedKey(rootId, id), counts.get(id) ?? 0);
      }
      return result;
    }, 0),
    /** Keyed by `rootedKey` (root namespace and milestone): its issues the viewer may see, all and closed. */
    milestoneIssueCounts: new BatchLoader<string, MilestoneIssueCounts>(
      async (keys) => {
        const result = new Map<string, MilestoneIssueCounts>();
        for (const [rootId, milestoneIds] of groupByRoot(keys)) {
          const counts = await countIssuesOfMilestones(db, milestoneIds, await viewerScope(rootId));
          for (const [id, count] of counts) result.set(rootedKey(rootId, id), count);
        }
        return result;
      },
      { total: 0, closed: 0 },
    ),
    /** What each epic would inherit from its issues' milestones and child epics. */
    epicInheritedDates: new BatchLoader<number, InheritedDateSource | null>(
      (ids) => findInheritedDateSources(db, ids),
      null,
    ),
    /** Ancestors come as whole rows, which also fill the epic cache. */
    epicAncestors: new BatchLoader<number, EpicRow[]>(async (ids) => {
      const ancestors = await findAncestorsOfMany(db, ids);
      for (const rows of ancestors.values()) for (const row of rows) epic.prime(row.id, row);
      return ancestors;
    }, []),
    /** The viewer's to-dos on each epic, every state (the resolver picks one), in one statement. */
    epicTodos: new BatchLoader<number, TodoRow[]>(
      async (ids) => (viewerId === null ? new Map() : findTodosOfTargets(db, viewerId, 'Epic', ids)),
      [],
    ),
    /** The viewer's to-dos on each issue, every state, in one statement. */
    issueTodos: new BatchLoader<number, TodoRow[]>(
      async (ids) => (viewerId === null ? new Map() : findTodosOfTargets(db, viewerId, 'Issue', ids)),
      [],
    ),
    issueSubscription: new BatchLoader<number, boolean | null>(
      async (ids) => (viewerId === null ? new Map() : findSubscriptionChoices(db, viewerId, 'Issue', ids)),
      null,
    ),
    epicSubscription: new BatchLoader<number, boolean | null>(
      async (ids) => (viewerId === null ? new Map() : findSubscriptionChoices(db, viewerId, 'Epic', ids)),
      null,
    ),
    /** Keyed by `summaryKey`; one statement per root namespace and timeframe in the request. */
    epicSummary: new BatchLoader<string, EpicSummary | null>(async (keys) => {
      const result = new Map<string, EpicSummary | null>();
      const batches = new Map<string, number[]>();
      for (const key of keys) {
        const at = key.lastIndexOf('|');
        appendTo(batches, key.slice(0, at), Number(key.slice(at + 1)));
      }
      for (const [prefix, epicIds] of batches) {
        const [root, startText = '', endText = ''] = prefix.split('|');
        const start = parseCalendarDate(startText);
        const end = parseCalendarDate(endText);
        const timeframe = start && end ? { start, end } : null;
        const summaries = await findEpicSummaries(db, epicIds, await viewerScope(Number(root)), timeframe);
        for (const [epicId, summary] of summaries) result.set(`${prefix}|${epicId}`, summary);
      }
      return result;
    }, null),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
