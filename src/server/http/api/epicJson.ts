import { epicWebPath } from '../../../core/domain/webPaths.ts';
import type { Executor } from '../../db/executor.ts';
import { findInheritedDateSources } from '../../db/repositories/epicInheritedDatesRepository.ts';
import { findEpicsByIds } from '../../db/repositories/epicRepository.ts';
import { countVotes } from '../../db/repositories/issueRepository.ts';
import { findLabelsOfTargets } from '../../db/repositories/labelRepository.ts';
import { findNamespacesByIds } from '../../db/repositories/namespaceRepository.ts';
import { findUsersByIds } from '../../db/repositories/userRepository.ts';
import type { EpicRow, NamespaceRow } from '../../db/schema.ts';
import type { AccessContext } from '../../services/access.ts';
import { epicTextColor } from '../../services/epics/epicQueries.ts';
import { epicReferences, labelJson, userBasicJson } from './presenters.ts';

export interface EpicJsonOptions {
  /** Whose eyes the epics are shown to: a parent they may not read is not named. */
  readonly access: AccessContext;
  readonly externalUrl: string;
  /** The group the request named: references are relative to it. */
  readonly fromGroup: NamespaceRow;
  readonly withLabelsDetails: boolean;
  /** Only on the single-epic GET. */
  readonly subscribed?: boolean | undefined;
}

/** GitLab's REST Epic entity for a page of epics, with every related row read in one batch each. */
export async function presentEpics(db: Executor, epics: readonly EpicRow[], options: EpicJsonOptions) {
  const ids = epics.map((epic) => epic.id);
  const parentIds = [...new Set(epics.flatMap((epic) => (epic.parent_id === null ? [] : [epic.parent_id])))];
  const parents = await findEpicsByIds(db, parentIds);
  // Fixed dates hide what the epic would inherit, so only those epics need their sources read.
  const fixedIds = epics
    .filter((epic) => epic.start_date_is_fixed || epic.due_date_is_fixed)
    .map((e) => e.id);
  const [groups, authors, labels, votes, inherited] = await Promise.all([
    findNamespacesByIds(db, [...new Set([...epics, ...parents].map((epic) => epic.group_id))]),
    findUsersByIds(db, [...new Set(epics.map((epic) => epic.author_id))]),
    findLabelsOfTargets(db, 'Epic', ids),
    countVotes(db, 'Epic', ids),
    findInheritedDateSources(db, fixedIds),
  ]);
  const groupById = new Map(groups.map((group) => [group.id, group]));
  const authorById = new Map(authors.map((author) => [author.id, author]));
  const parentById = new Map<number, { epic: EpicRow; group: NamespaceRow }>();
  for (const parent of parents) {
    const group = groupById.get(parent.group_id);
    const readable =
      group !== undefined &&
      (await options.access.canInNamespace('read_epic', group, { confidential: parent.confidential }));
    if (readable) parentById.set(parent.id, { epic: parent, group });
  }
  const inheritedStart = (epic: EpicRow) =>
    epic.start_date_is_fixed ? (inherited.get(epic.id)?.start ?? null) : epic.start_date;
  const inheritedDue = (epic: EpicRow) =>
    epic.due_date_is_fixed ? (inherited.get(epic.id)?.due ?? null) : epic.due_date;
  const { externalUrl } = options;
  return epics.map((epic) => {
    const group = groupById.get(epic.group_id);
    const author = authorById.get(epic.author_id);
    if (!group || !author) throw new Error(`Epic ${epic.id} lost its group or author`);
    const epicLabels = labels.get(epic.id) ?? [];
    const vote = votes.get(epic.id) ?? { upvotes: 0, downvotes: 0 };
    const apiGroup = `${externalUrl}/api/v4/groups/${group.id}`;
    const parent = epic.parent_id === null ? undefined : parentById.get(epic.parent_id);
    return {
      id: epic.id,
      work_item_id: epic.id,
      iid: epic.iid,
      group_id: epic.group_id,
      parent_id: parent?.epic.id ?? null,
      parent_iid: parent?.epic.iid ?? null,
      title: epic.title,
      description: epic.description,
      confidential: epic.confidential,
      color: epic.color,
      text_color: epicTextColor(epic),
      state: epic.state,
      author: userBasicJson(author, externalUrl),
      start_date: epic.start_date,
      start_date_is_fixed: epic.start_date_is_fixed,
      start_date_fixed: epic.start_date_fixed,
      start_date_from_milestones: epic.start_date_is_fixed ? null : epic.start_date,
      start_date_from_inherited_source: inheritedStart(epic),
      end_date: epic.due_date,
      due_date: epic.due_date,
      due_date_is_fixed: epic.due_date_is_fixed,
      due_date_fixed: epic.due_date_fixed,
      due_date_from_milestones: epic.due_date_is_fixed ? null : epic.due_date,
      due_date_from_inherited_source: inheritedDue(epic),
      created_at: epic.created_at.toISOString(),
      updated_at: epic.updated_at.toISOString(),
      closed_at: epic.closed_at?.toISOString() ?? null,
      imported: false,
      imported_from: 'none',
      labels: options.withLabelsDetails
        ? epicLabels.map((label) => labelJson(label))
        : epicLabels.map((label) => label.title),
      upvotes: vote.upvotes,
      downvotes: vote.downvotes,
      web_url: `${externalUrl}${epicWebPath(group.full_path, epic.iid)}`,
      web_edit_url: epicWebPath(group.full_path, epic.iid),
      references: epicReferences(epic.iid, group.full_path, options.fromGroup.full_path),
      ...(options.subscribed === undefined ? {} : { subscribed: options.subscribed }),
      _links: {
        self: `${apiGroup}/epics/${epic.iid}`,
        epic_issues: `${apiGroup}/epics/${epic.iid}/issues`,
        group: apiGroup,
        parent: parent ? `${externalUrl}/api/v4/groups/${parent.group.id}/epics/${parent.epic.iid}` : null,
      },
    };
  });
}
