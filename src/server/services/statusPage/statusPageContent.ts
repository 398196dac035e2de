import {
  ANONYMIZED_MENTION,
  PUBLISH_COMMENT_EMOJI,
  type PublishableIncident,
} from '../../../core/domain/statusPage.ts';
import type { Executor } from '../../db/executor.ts';
import type { IssueRow } from '../../db/schema.ts';
import { AccessContext } from '../access.ts';
import { ANONYMOUS } from '../actor.ts';
import type { ProjectInNamespace } from '../issueService.ts';
import { renderTitleHtml } from '../markdown/markdownRenderer.ts';
import { REFERENCE_CLASSES } from '../markdown/referenceLinks.ts';
import { renderManyFor } from '../markdown/referenceRendering.ts';

/**
 * What the public sees of an incident: its title, description and the comments marked with the
 * microphone award, rendered as an anonymous reader would see them (so references to what is not
 * public stay plain text), with linked mentions of people replaced by 'Incident Responder' and
 * links made absolute so they lead back here from the status page's own site.
 */
export async function publishableIncident(
  db: Executor,
  where: ProjectInNamespace,
  issue: IssueRow,
  externalUrl: string,
  now: () => Date,
): Promise<PublishableIncident> {
  const comments = await db
    .selectFrom('notes as n')
    .select(['n.note', 'n.created_at'])
    .where('n.noteable_type', '=', 'Issue')
    .where('n.noteable_id', '=', issue.id)
    .where('n.system', '=', false)
    // Internal notes are the team's, never the public's, whatever their awards.
    .where('n.confidential', '=', false)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('award_emoji as a')
          .select('a.id')
          .where('a.awardable_type', '=', 'Note')
          .whereRef('a.awardable_id', '=', 'n.id')
          .where('a.name', '=', PUBLISH_COMMENT_EMOJI),
      ),
    )
    .orderBy('n.created_at')
    .orderBy('n.id')
    .execute();
  const access = new AccessContext(db, ANONYMOUS, now);
  const [description, ...notes] = await renderManyFor(db, access, where, [
    issue.description,
    ...comments.map((comment) => comment.note),
  ]);
  const publicHtml = (html: string) => absoluteLinks(anonymizeMentions(html), externalUrl);
  return {
    iid: issue.iid,
    state: issue.state,
    titleHtml: renderTitleHtml(issue.title),
    descriptionHtml: publicHtml(description!.html),
    createdAt: new Date(issue.created_at),
    updatedAt: new Date(issue.updated_at),
    comments: comments.map((comment, index) => ({
      noteHtml: publicHtml(notes[index]!.html),
      createdAt: new Date(comment.created_at),
    })),
  };
}

const MENTION_LINK = new RegExp(`<a [^>]*class="${REFERENCE_CLASSES.user}"[^>]*>.*?</a>`, 'g');

/** GitLab's MentionAnonymizationFilter: a linked user or group mention names no one. */
export function anonymizeMentions(html: string): string {
  return html.replace(MENTION_LINK, ANONYMIZED_MENTION);
}

/** Links and images to this server's own paths, written with its public origin. */
export function absoluteLinks(html: string, externalUrl: string): string {
  return html.replace(
    / (href|src)="\/(?!\/)/g,
    (_match, attribute: string) => ` ${attribute}="${externalUrl}/`,
  );
}
