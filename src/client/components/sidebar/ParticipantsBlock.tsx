/** The participants block: an epic's or issue's participants, seven shown, then '+ N more' (spec). */
import { useState } from 'react';
import { type EpicParticipantView, firstErrorMessage, type QueryState } from '../../data/index.ts';
import { Avatar, Button, Icon } from '../../ui/index.ts';
import { CannotMergeIcon } from './CannotMergeIcon.tsx';
import { BlockFetchError, CollapsedItem, SIDEBAR_TEXT, SidebarBlock, type SidebarIssuable } from './index.ts';
import { hasMoreParticipants, visibleParticipants } from './participants.ts';

export function ParticipantsBlock({
  issuable,
  participants,
  collapsed,
  onExpand,
}: {
  issuable: SidebarIssuable;
  participants: QueryState<readonly EpicParticipantView[] | null>;
  collapsed: boolean;
  onExpand?: ((block: string) => void) | undefined;
}) {
  const [expanded, setExpanded] = useState(false);
  const all = participants.data ?? [];
  const title = participants.data ? SIDEBAR_TEXT.participants(all.length) : SIDEBAR_TEXT.participantsTitle;
  if (collapsed) {
    return (
      <CollapsedItem
        block="participants"
        label={title}
        icon={<Icon name="group" />}
        onClick={() => onExpand?.('participants')}
      />
    );
  }
  const { shown, hiddenCount } = visibleParticipants(all, expanded);
  return (
    <SidebarBlock block="participants" title={title} busy={participants.loading}>
      {participants.error ? (
        <BlockFetchError
          text={SIDEBAR_TEXT.participantsError(issuable)}
          detail={firstErrorMessage(participants.error)}
        />
      ) : null}
      {shown.length > 0 ? (
        <ul className="sidebar-participants" aria-label={SIDEBAR_TEXT.participantsTitle}>
          {shown.map((person) => (
            <li key={person.id}>
              <a href={person.webUrl} className="sidebar-participant" data-testid="sidebar-participant">
                <Avatar
                  name={person.name}
                  colorKey={person.username}
                  label={person.cannotMerge ? `${person.name} (${SIDEBAR_TEXT.cannotMerge})` : person.name}
                />
                {person.cannotMerge ? <CannotMergeIcon /> : null}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {hasMoreParticipants(all.length) ? (
        <Button
          variant="tertiary"
          className="sidebar-link-button"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
          data-testid="sidebar-participants-more"
        >
          {expanded ? SIDEBAR_TEXT.fewerParticipants : SIDEBAR_TEXT.moreParticipants(hiddenCount)}
        </Button>
      ) : null}
    </SidebarBlock>
  );
}
