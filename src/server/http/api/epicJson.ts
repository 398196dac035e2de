import type { Executor } from '../../db/executor.ts';
import { findEpicsByIds } from '../../db/repositories/epicRepository.ts';
import { countVotes } from '../../db/repositories/issueRepository.ts';
import { findLabelsOfTargets } from '../../db/repositories/labelRepository.ts';
import { findNamespacesByIds } from '../../db/repositories/namespaceRepository.ts';
import { findUsersByIds } from '../../db/repositories/userRepository.ts';
import type { EpicRow, NamespaceRow } from '../../db/schema.ts';
import { epicTextColor } from '../../services/epicService.ts';
import { epicReferences, labelJson, userBasicJson } from './presenters.ts';

export interface EpicJsonOptions {
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
  const [groups, authors, parents, labels, votes] = await Promise.all([
    findNamespacesByIds(db, [...new Set(epics.map((epic) => epic.group_id))]),
    findUsersByIds(db, [...new Set(epics.map((epic) => epic.author_id))]),
    findEpicsByIds(db, parentIds),
    findLabelsOfTargets(db, 'Epic', ids),
    countVotes(db, 'Epic', ids),
  ]);
  const groupById = new Map(groups.map((group) => [group.id, group]));
  const authorById = new Map(authors.map((author) => [author.id, author]));
  const parentById = new Map(parents.map((parent) => [parent.id, parent]));
  const { externalUrl } = options;
  return epics.map((epic) => {
    const group = groupById.get(epic.group_id);
    const author = authorById.get(epic.author_id);
    if (!group || !author) throw new Error(`Epic ${epic.id} lost its group or author`);
    const epicLabels = labels.get(epic.id) ?? [];
    const vote = votes.get(epic.id) ?? { upvotes: 0, downvotes: 0 };
    const apiGroup = `${externalUrl}/api/v4/groups/${group.id}`;
    return {
      id: epic.id,
      work_item_id: epic.id,
      iid: epic.iid,
      group_id: epic.group_id,
      parent_id: epic.parent_id,
      parent_iid: epic.parent_id === null ? null : (parentById.get(epic.parent_id)?.iid ?? null),
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
      start_date_from_inherited_source: epic.start_date_is_fixed ? null : epic.start_date,
      end_date: epic.due_date,
      due_date: epic.due_date,
      due_date_is_fixed: epic.due_date_is_fixed,
      due_date_fixed: epic.due_date_fixed,
      due_date_from_milestones: epic.due_date_is_fixed ? null : epic.due_date,
      due_date_from_inherited_source: epic.due_date_is_fixed ? null : epic.due_date,
      created_at: epic.created_at.toISOString(),
      updated_at: epic.updated_at.toISOString(),
      closed_at: epic.closed_at?.toISOString() ?? null,
      imported: false,
      imported_from: 'none',
      labels: options.withLabelsDetails ? epicLabels.map(labelJson) : epicLabels.map((label) => label.title),
      upvotes: vote.upvotes,
      downvotes: vote.downvotes,
      web_url: `${externalUrl}/groups/${group.full_path}/-/epics/${epic.iid}`,
      web_edit_url: `/groups/${group.full_path}/-/epics/${epic.iid}`,
      references: epicReferences(epic.iid, group.full_path, options.fromGroup.full_path),
      ...(options.subscribed === undefined ? {} : { subscribed: options.subscribed }),
      _links: {
        self: `${apiGroup}/epics/${epic.iid}`,
        epic_issues: `${apiGroup}/epics/${epic.iid}/issues`,
        group: apiGroup,
        parent:
          epic.parent_id === null ? null : `${apiGroup}/epics/${parentById.get(epic.parent_id)?.iid ?? ''}`,
      },
    };
  });
}
