import {
  epicJsonPath,
  epicWebPath,
  groupEpicsPath,
  groupLabelsJsonPath,
  groupLabelsPath,
  groupMarkdownPreviewPath,
  groupTodosPath,
  MARKDOWN_DOCS_PATH,
  newEpicPath,
  todoDonePath,
  userPath,
} from '../../core/domain/webPaths.ts';
import type { FeatureFlags } from '../config.ts';
import type { Executor } from '../db/executor.ts';
import { findMilestonesByIds } from '../db/repositories/milestoneRepository.ts';
import { findUserById } from '../db/repositories/userRepository.ts';
import type { EpicRow, NamespaceRow } from '../db/schema.ts';
import type { AccessContext } from './access.ts';
import { areEmailsDisabled } from './groupSettingsService.ts';
import { isSubscribedToEpic } from './subscriptionService.ts';
import { findPendingTodoOf } from './todoService.ts';

/** Where the epic page's widgets send their calls (GitLab's paths, relative to the site root). */
export interface EpicPagePaths {
  /** The epic's page; the issuable poll reads `${endpoint}/realtime_changes`. */
  readonly endpoint: string;
  readonly updateEndpoint: string;
  readonly todoPath: string;
  /** Where the current to-do is marked done; null when there is none. */
  readonly todoDeletePath: string | null;
  readonly epicsWebUrl: string;
  readonly newEpicWebUrl: string;
  readonly labelsPath: string;
  readonly labelsWebUrl: string;
  readonly markdownPreviewPath: string;
  readonly markdownDocsPath: string;
}

/**
 * What the epic page must know before its first query (spec, "Epic page state"): who may
 * do what, the viewer's own to-do and subscription, the group's email setting, feature flags, and
 * the epic's identity and author. Everything else the page reads over GraphQL.
 */
export interface EpicPageState {
  readonly signedIn: boolean;
  readonly canUpdate: boolean;
  readonly canDestroy: boolean;
  readonly canCreate: boolean;
  /** Add, create and remove children (GitLab's `admin_epic`). */
  readonly canAdmin: boolean;
  readonly allowSubEpics: boolean;
  readonly epicColorHighlight: boolean;
  /** The work item modal of the tree's issues: assignees and labels (MVC2), weight (issue weights). */
  readonly workItemsMvc2: boolean;
  readonly issueWeights: boolean;
  readonly epicId: number;
  readonly iid: number;
  readonly state: 'opened' | 'closed';
  readonly confidential: boolean;
  readonly created: string;
  readonly lockVersion: number;
  readonly todoExists: boolean;
  readonly todoId: number | null;
  readonly subscribed: boolean;
  /** Notifications are switched off by the owner of this group or of a group above it. */
  readonly emailsDisabled: boolean;
  readonly author: { readonly name: string; readonly username: string; readonly url: string } | null;
  /** Titles of the milestones the inherited start and due dates come from; '' when none. */
  readonly startDateSourcingMilestoneTitle: string;
  readonly dueDateSourcingMilestoneTitle: string;
  readonly paths: EpicPagePaths;
}

export async function epicPageState(
  db: Executor,
  access: AccessContext,
  group: NamespaceRow,
  epic: EpicRow,
  flags: FeatureFlags,
): Promise<EpicPageState> {
  const confidential = { confidential: epic.confidential };
  const [canUpdate, canDestroy, canCreate, canAdmin, todo, subscribed, emailsDisabled, author, milestones] =
    await Promise.all([
      access.canInNamespace('update_epic', group, confidential),
      access.canInNamespace('destroy_epic', group, confidential),
      access.canInNamespace('create_epic', group),
      access.canInNamespace('admin_epic_relation', group, confidential),
      findPendingTodoOf(db, access.actor, { type: 'Epic', id: epic.id }),
      isSubscribedToEpic(db, access.actor, epic),
      areEmailsDisabled(db, group),
      findUserById(db, epic.author_id),
      sourcingMilestones(db, epic),
    ]);
  return {
    signedIn: access.actor.user !== null,
    canUpdate,
    canDestroy,
    canCreate,
    canAdmin,
    allowSubEpics: await access.hasFeature(group, 'subepics'),
    epicColorHighlight: flags.epicColorHighlight && (await access.hasFeature(group, 'epic_colors')),
    workItemsMvc2: flags.workItemsMvc2,
    issueWeights: flags.issueWeights && (await access.hasFeature(group, 'issue_weights')),
    epicId: epic.id,
    iid: epic.iid,
    state: epic.state,
    confidential: epic.confidential,
    created: epic.created_at.toISOString(),
    lockVersion: epic.lock_version,
    todoExists: todo !== undefined,
    todoId: todo?.id ?? null,
    subscribed,
    emailsDisabled,
    author: author ? { name: author.name, username: author.username, url: userPath(author.username) } : null,
    startDateSourcingMilestoneTitle: milestones.get(epic.start_date_sourcing_milestone_id) ?? '',
    dueDateSourcingMilestoneTitle: milestones.get(epic.due_date_sourcing_milestone_id) ?? '',
    paths: {
      endpoint: epicWebPath(group.full_path, epic.iid),
      updateEndpoint: epicJsonPath(group.full_path, epic.iid),
      todoPath: groupTodosPath(group.full_path),
      todoDeletePath: todo ? todoDonePath(todo.id) : null,
      epicsWebUrl: groupEpicsPath(group.full_path),
      newEpicWebUrl: newEpicPath(group.full_path),
      labelsPath: groupLabelsJsonPath(group.full_path),
      labelsWebUrl: groupLabelsPath(group.full_path),
      markdownPreviewPath: groupMarkdownPreviewPath(group.full_path),
      markdownDocsPath: MARKDOWN_DOCS_PATH,
    },
  };
}

/** Milestone titles by id, for the milestones the epic's inherited dates come from. */
async function sourcingMilestones(db: Executor, epic: EpicRow): Promise<Map<number | null, string>> {
  const ids = [epic.start_date_sourcing_milestone_id, epic.due_date_sourcing_milestone_id].filter(
    (id): id is number => id !== null,
  );
  if (ids.length === 0) return new Map();
  const rows = await findMilestonesByIds(db, [...new Set(ids)]);
  return new Map(rows.map((milestone) => [milestone.id, milestone.title]));
}
