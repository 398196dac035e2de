/**
 * The assignees block an issue's sidebar and a work item share: the people as avatars and names,
 * Edit searching the group's users (its members first) and saving when the picker closes.
 */
import { fetchUserSuggestions, type SidebarWriteResult, type UserSuggestion } from '../../data/index.ts';
import { Avatar, UserName } from '../../ui/index.ts';
import { CannotMergeIcon } from './CannotMergeIcon.tsx';
import { PickerBlock } from './PickerBlock.tsx';
import { SIDEBAR_TEXT } from './sidebarTexts.ts';

/** An assignee as the block shows it; `key` is what the save receives (a username or a global id). */
export interface AssigneeItem {
  readonly key: string;
  readonly name: string;
  readonly username: string;
  readonly busy?: boolean | undefined;
  /** A merge request's assignee or reviewer who could not merge it (GitLab's canMerge false). */
  readonly cannotMerge?: boolean | undefined;
}

export interface AssigneesBlockProps {
  readonly block: string;
  readonly title: string;
  readonly canUpdate: boolean;
  readonly loading: boolean;
  readonly fetchError: unknown;
  /** Null before the first answer. */
  readonly assignees: readonly AssigneeItem[] | null;
  readonly multiple: boolean;
  /** The picker's first option, which clears the assignees ('Unassigned'). */
  readonly noneText: string;
  readonly searchLabel: string;
  /** The group whose members come first among the suggestions (null: everyone alike). */
  readonly groupId: string | null;
  /** The key a suggested user is saved by, as `assignees` carry it. */
  readonly keyOf: (user: UserSuggestion) => string;
  readonly save: (keys: readonly string[]) => Promise<SidebarWriteResult>;
  readonly errorText: string;
  readonly valueTestId: string;
  /**
   * Where 'Invite members' under the options leads (the members page with its invite modal), for
   * those who may invite (GitLab's `canInviteMembers`); null hides it.
   */
  readonly inviteMembersPath?: string | null | undefined;
}

export function AssigneesBlock(props: AssigneesBlockProps) {
  const { assignees, keyOf, groupId } = props;
  return (
    <PickerBlock
      block={props.block}
      title={props.title}
      canUpdate={props.canUpdate}
      loading={props.loading}
      fetchError={props.fetchError}
      selected={assignees ? assignees.map((user) => ({ key: user.key, label: user.name })) : null}
      multiple={props.multiple}
      noneText={props.noneText}
      searchLabel={props.searchLabel}
      search={async (search, signal) =>
        (await fetchUserSuggestions({ search, groupId }, signal)).map((user) => ({
          key: keyOf(user),
          label: user.name,
          detail: `@${user.username}`,
        }))
      }
      save={props.save}
      errorText={props.errorText}
      footer={
        props.inviteMembersPath ? (
          <a
            className="sidebar-picker-footer"
            href={props.inviteMembersPath}
            // Keeps focus in the search box until the link is followed, so the picker stays open.
            onMouseDown={(event) => event.preventDefault()}
            data-testid={`sidebar-${props.block}-invite-members`}
          >
            {SIDEBAR_TEXT.inviteMembers}
          </a>
        ) : null
      }
    >
      {assignees && assignees.length > 0 ? (
        <ul className="person-list" data-testid={props.valueTestId}>
          {assignees.map((user) => (
            <li key={user.key} className="person">
              <Avatar name={user.name} colorKey={user.username} />
              <UserName name={user.name} busy={user.busy ?? false} />
              {user.cannotMerge ? <CannotMergeIcon /> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="sidebar-value" data-testid={props.valueTestId}>
          {SIDEBAR_TEXT.none}
        </p>
      )}
    </PickerBlock>
  );
}
