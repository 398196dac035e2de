/**
 * The milestone page's Labels tab (the labels of its issues, each with its open and closed issues;
 * GitLab links the counts to the issues list filtered by milestone, which the lists here cannot do
 * yet, so they are plain counts) and Participants tab (the authors and assignees of its issues).
 */
import type { MilestoneLabelCount, UserView } from '../../data/index.ts';
import { Avatar, EmptyState, LabelChip } from '../../ui/index.ts';
import { closedIssuesText, MILESTONE_TEXTS, openIssuesText } from './milestoneTexts.ts';

export function MilestoneLabelsTab({ labels }: { labels: readonly MilestoneLabelCount[] }) {
  if (labels.length === 0) {
    return (
      <EmptyState
        title={MILESTONE_TEXTS.noLabelsTitle}
        description={MILESTONE_TEXTS.noLabelsDescription}
        testId="milestone-labels-empty"
      />
    );
  }
  return (
    <ul className="milestone-labels" data-testid="milestone-labels">
      {labels.map(({ label, opened, closed }) => (
        <li key={label.id} className="milestone-label-row" data-testid="milestone-label">
          <span className="milestone-label-chip">
            <LabelChip {...label} />
          </span>
          <span className="milestone-label-description muted">{label.description}</span>
          <span className={opened === 0 ? 'muted' : undefined}>{openIssuesText(opened)}</span>
          <span className={closed === 0 ? 'muted' : undefined}>{closedIssuesText(closed)}</span>
        </li>
      ))}
    </ul>
  );
}

export function MilestoneParticipantsTab({
  participants,
  total,
}: {
  participants: readonly (UserView & { readonly webPath: string })[];
  total: number;
}) {
  if (participants.length === 0) return <p className="muted">{MILESTONE_TEXTS.noParticipants}</p>;
  return (
    <>
      <ul className="milestone-participants" data-testid="milestone-participants">
        {participants.map((user) => (
          <li key={user.id} className="milestone-participant" data-testid="milestone-participant">
            <Avatar name={user.name} colorKey={user.username} size={32} />
            <a href={user.webPath}>
              <strong>{user.name}</strong>
              <span className="muted"> @{user.username}</span>
            </a>
          </li>
        ))}
      </ul>
      {total > participants.length ? (
        <p className="muted">{`Showing ${participants.length} of ${total} participants`}</p>
      ) : null}
    </>
  );
}
