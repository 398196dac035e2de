/**
 * What GitLab's label entities say besides the label itself: whether the viewer subscribes, the
 * project's priority, and (with_counts) its open and closed issues and open merge requests where
 * it is read. Counts follow the issues list's read rules, so they match the filtered list they link to.
 */
import type { Executor } from '../db/executor.ts';
import {
  countIssuesByLabelTitle,
  countOpenMergeRequestsByLabelTitle,
  findLabelPriorities,
} from '../db/repositories/labelDetailsRepository.ts';
import { listLabels } from '../db/repositories/labelRepository.ts';
import {
  findSubscriptionChoice,
  findSubscriptionChoices,
  saveSubscriptionChoice,
} from '../db/repositories/subscriptionRepository.ts';
import type { LabelRow } from '../db/schema.ts';
import type { AccessContext } from './access.ts';
import { UnauthorizedError } from './errors.ts';
import { issueReaderFor, type ProjectInNamespace, withNamespaces } from './issueService.ts';
import type { LabelOwner } from './labelAdminService.ts';
import { listReadableProjects } from './projectService.ts';

export interface LabelCounts {
  readonly openIssues: number;
  readonly closedIssues: number;
  readonly openMergeRequests: number;
}

export interface LabelDetails {
  readonly subscribed: boolean;
  /** The project's priority of the label; null when not prioritised or read in a group. */
  readonly priority: number | null;
  readonly counts?: LabelCounts | undefined;
}

/** A group's readable projects, its subgroups' included: where its labels' issues are counted. */
const MAX_COUNTED_PROJECTS = 100_000;

async function projectsOf(db: Executor, access: AccessContext, owner: LabelOwner) {
  if (owner.kind === 'project') return [{ project: owner.project, namespace: owner.namespace }];
  const { rows } = await listReadableProjects(
    db,
    access,
    { namespaceId: owner.group.id, includeSubgroups: true },
    { offset: 0, limit: MAX_COUNTED_PROJECTS },
  );
  return withNamespaces(db, rows);
}

async function countsOf(
  db: Executor,
  access: AccessContext,
  projects: readonly ProjectInNamespace[],
  titles: readonly string[],
): Promise<Map<string, LabelCounts>> {
  const mrProjectIds: number[] = [];
  for (const { project, namespace } of projects) {
    if (await access.canInProject('read_merge_request', project, namespace)) mrProjectIds.push(project.id);
  }
  const [issues, mergeRequests] = await Promise.all([
    countIssuesByLabelTitle(db, await issueReaderFor(access, projects), titles),
    countOpenMergeRequestsByLabelTitle(db, mrProjectIds, titles),
  ]);
  return new Map(
    titles.map((title) => [
      title,
      {
        openIssues: issues.get(title)?.opened ?? 0,
        closedIssues: issues.get(title)?.closed ?? 0,
        openMergeRequests: mergeRequests.get(title) ?? 0,
      },
    ]),
  );
}

/** Each label's details as read at `owner` by the actor, by label id. A few statements per page. */
export async function labelDetails(
  db: Executor,
  access: AccessContext,
  owner: LabelOwner,
  labels: readonly LabelRow[],
  options: { readonly withCounts: boolean },
): Promise<Map<number, LabelDetails>> {
  const ids = labels.map((label) => label.id);
  const user = access.actor.user;
  const [subscriptions, priorities, counts] = await Promise.all([
    user ? findSubscriptionChoices(db, user.id, 'Label', ids) : new Map<number, boolean>(),
    owner.kind === 'project' ? findLabelPriorities(db, owner.project.id, ids) : new Map<number, number>(),
    options.withCounts
      ? projectsOf(db, access, owner).then((projects) =>
          countsOf(
            db,
            access,
            projects,
            labels.map((label) => label.title),
          ),
        )
      : undefined,
  ]);
  return new Map(
    labels.map((label) => [
      label.id,
      {
        subscribed: subscriptions.get(label.id) ?? false,
        priority: priorities.get(label.id) ?? null,
        counts: counts?.get(label.title),
      },
    ]),
  );
}

/** A project's labels, and with `includeAncestors` (GitLab's default) its groups' too, by title. */
export function listProjectLabelsPage(
  db: Executor,
  owner: Extract<LabelOwner, { kind: 'project' }>,
  params: { readonly search?: string | undefined; readonly includeAncestors: boolean },
  page: { offset: number; limit: number },
) {
  return listLabels(
    db,
    {
      groupIds: params.includeAncestors ? owner.namespace.traversal_ids : [],
      projectIds: [owner.project.id],
      search: params.search,
    },
    page,
  );
}

/**
 * Turns the actor's notifications of a label on or off (GitLab's label subscribe / unsubscribe).
 * Reading the label is all it takes. Answers false when the choice was already so (GitLab's 304).
 */
export async function setLabelSubscription(
  db: Executor,
  access: AccessContext,
  label: LabelRow,
  subscribed: boolean,
): Promise<boolean> {
  const user = access.actor.user;
  if (!user) throw new UnauthorizedError();
  const current = (await findSubscriptionChoice(db, user.id, 'Label', label.id)) ?? false;
  if (current === subscribed) return false;
  await saveSubscriptionChoice(db, {
    rootNamespaceId: label.root_namespace_id,
    userId: user.id,
    type: 'Label',
    id: label.id,
    subscribed,
  });
  return true;
}
