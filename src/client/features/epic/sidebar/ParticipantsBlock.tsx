/** Block 8: the epic's participants, seven shown, then '+ N more' (spec). */
import { useState } from 'react';
import {
  BlockFetchError,
  CollapsedItem,
  SIDEBAR_TEXT,
  SidebarBlock,
} from '../../../components/sidebar/index.ts';
import { type EpicSidebarScope, firstErrorMessage, useEpicParticipants } from '../../../data/index.ts';
import { Avatar, Button, Icon } from '../../../ui/index.ts';
import { hasMoreParticipants, visibleParticipants } from './participants.ts';

export function ParticipantsBlock({
  scope,
  collapsed,
  onExpand,
}: {
  scope: EpicSidebarScope;
  collapsed: boolean;
  onExpand: (block: string) => void;
}) {
  const participants = useEpicParticipants(scope);
  const [expanded, setExpanded] = useState(false);
  const all = participants.data ?? [];
  const title = participants.data ? SIDEBAR_TEXT.participants(all.length) : SIDEBAR_TEXT.participantsTitle;
  if (collapsed) {
    return (
      <CollapsedItem
        block="participants"
        label={title}
        icon={<Icon name="group" />}
        onClick={() => onExpand('participants')}
      />
    );
  }
  const { shown, hiddenCount } = visibleParticipants(all, expanded);
  return (
    <SidebarBlock block="participants" title={title} busy={participants.loading}>
      {participants.error ? (
        <BlockFetchError
          text={SIDEBAR_TEXT.participantsError}
          detail={firstErrorMessage(participants.error)}
        />
      ) : null}
      {shown.length > 0 ? (
        <ul className="sidebar-participants" aria-label={SIDEBAR_TEXT.participantsTitle}>
          {shown.map((person) => (
            <li key={person.id}>
              <a href={person.webUrl} className="sidebar-participant" data-testid="sidebar-participant">
                <Avatar name={person.name} colorKey={person.username} label={person.name} />
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
