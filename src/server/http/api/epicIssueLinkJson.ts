import type { Executor } from '../../db/executor.ts';
import type { EpicIssueRow } from '../../db/repositories/epicLinkRepository.ts';
import { findEpicById } from '../../db/repositories/epicRepository.ts';
import { findIssuesByIds } from '../../db/repositories/issueRowsRepository.ts';
import { NotFoundError } from '../../services/errors.ts';
import type { ParentEpic } from '../../services/links/epicLinkService.ts';
import { presentEpics } from './epicJson.ts';
import { type IssueJsonOptions, presentIssues } from './issueJson.ts';

/** GitLab's EpicIssueLink entity: the link's id and position, with its epic and its issue in full. */
export async function presentEpicIssueLink(
  db: Executor,
  parent: ParentEpic,
  link: EpicIssueRow,
  options: IssueJsonOptions,
) {
  const epic = (await findEpicById(db, link.epic_id)) ?? parent.epic;
  const [issue] = await findIssuesByIds(db, [link.issue_id]);
  if (!issue) throw new NotFoundError('Issue');
  const [epicJson] = await presentEpics(db, [epic], {
    access: options.access,
    externalUrl: options.externalUrl,
    fromGroup: parent.group,
    withLabelsDetails: false,
  });
  const [issueJson] = await presentIssues(db, [issue], options);
  return {
    id: link.id,
    relative_position: link.relative_position,
    epic: { ...epicJson, reference: epicJson?.references.full },
    issue: issueJson,
  };
}
