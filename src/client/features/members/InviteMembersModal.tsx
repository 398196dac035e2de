import { type ReactNode, useId, useState } from 'react';
import { accessLevelName } from '../../../core/domain/accessLevel.ts';
import {
  INVITE_ERRORS_SHOWN,
  INVITE_TEXTS,
  isEmailAddress,
  showMoreErrorsText,
} from '../../../core/domain/memberRules.ts';
import {
  fetchGroupSuggestions,
  fetchUserSuggestions,
  type GroupSuggestion,
  inviteMembers,
  shareWithGroup,
  type UserSuggestion,
} from '../../data/index.ts';
import { Alert, Avatar, Button, Dialog } from '../../ui/index.ts';
import { tomorrowDay, visibleInviteErrors } from './inviteErrors.ts';
import { SearchCombobox, useSearchCombobox } from './SearchCombobox.tsx';

/** Someone to invite: a user found by the search, or an address typed in. */
type Invitee =
  | { readonly kind: 'user'; readonly key: string; readonly user: UserSuggestion }
  | { readonly kind: 'email'; readonly key: string; readonly email: string };

/** 'You're inviting members to the {name} group.', with the name in bold. */
function intro(template: string, name: string): ReactNode {
  const [before, after] = template.split('{name}');
  return (
    <>
      {before}
      <strong>{name}</strong>
      {after}
    </>
  );
}

/**
 * GitLab's invite members modal, in its two variants: invite people (users found by name, username
 * or email; an unknown address becomes an email invitation) or invite a group (shares the group or
 * project with it). Each with the role ('Select a role') and an optional expiry from tomorrow.
 */
export function InviteMembersModal({
  variant,
  kind,
  sourceName,
  apiPath,
  grantableLevels,
  onClose,
  onInvited,
}: {
  variant: 'members' | 'group';
  kind: 'group' | 'project';
  sourceName: string;
  apiPath: string;
  grantableLevels: readonly number[];
  onClose: () => void;
  /** Everyone was invited: the page reloads its lists with GitLab's notice. */
  onInvited: (notice: string) => void;
}) {
  const ids = { search: useId(), role: useId(), date: useId(), errors: useId() };
  const [invitees, setInvitees] = useState<readonly Invitee[]>([]);
  const [group, setGroup] = useState<GroupSuggestion | null>(null);
  const [accessLevel, setAccessLevel] = useState(grantableLevels[0] ?? 10);
  const [expiresAt, setExpiresAt] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const [inviteErrors, setInviteErrors] = useState<readonly (readonly [string, string])[]>([]);
  const [expanded, setExpanded] = useState(false);
  const [busy, setBusy] = useState(false);
  const tomorrow = tomorrowDay();
  const title = variant === 'members' ? INVITE_TEXTS.membersTitle : INVITE_TEXTS.groupTitle;
  const introText =
    variant === 'members'
      ? kind === 'group'
        ? INVITE_TEXTS.membersToGroupIntro
        : INVITE_TEXTS.membersToProjectIntro
      : kind === 'group'
        ? INVITE_TEXTS.groupToGroupIntro
        : INVITE_TEXTS.groupToProjectIntro;

  const submit = async () => {
    setAlert(null);
    if (variant === 'members' ? invitees.length === 0 : group === null) {
      setAlert(INVITE_TEXTS.emptyInvites);
      return;
    }
    setBusy(true);
    try {
      if (variant === 'group' && group) {
        await shareWithGroup(apiPath, { groupId: group.id, accessLevel, expiresAt: expiresAt || null });
        onInvited(INVITE_TEXTS.successful);
        return;
      }
      const errors = await inviteMembers(apiPath, {
        emails: invitees.flatMap((invitee) => (invitee.kind === 'email' ? [invitee.email] : [])),
        userIds: invitees.flatMap((invitee) => (invitee.kind === 'user' ? [invitee.user.id] : [])),
        accessLevel,
        expiresAt: expiresAt || null,
      });
      const entries = Object.entries(errors);
      if (entries.length === 0) {
        onInvited(INVITE_TEXTS.successful);
        return;
      }
      // Those invited are done; only the refused stay, to correct or drop.
      setInvitees((current) =>
        current.filter((invitee) => inviteeKeys(invitee).some((key) => key in errors)),
      );
      setInviteErrors(entries);
      setExpanded(false);
    } catch (error) {
      setAlert(error instanceof Error && error.message ? error.message : INVITE_TEXTS.somethingWentWrong);
    } finally {
      setBusy(false);
    }
  };

  const { shown, hidden } = visibleInviteErrors(inviteErrors, expanded);
  return (
    <Dialog open title={title} onClose={onClose} testId="invite-modal" className="invite-modal">
      <form
        className="invite-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p className="invite-intro" data-testid="invite-intro">
          {intro(introText, sourceName)}
        </p>
        {inviteErrors.length > 0 ? (
          <Alert variant="danger" testId="invite-errors">
            <p className="invite-errors-title">{INVITE_TEXTS.reviewErrors}</p>
            <ul className="invite-errors-list" id={ids.errors}>
              {shown.map(([who, error]) => (
                <li key={who} data-testid="invite-error">
                  <strong>{who}</strong>: {error}
                </li>
              ))}
            </ul>
            {inviteErrors.length > INVITE_ERRORS_SHOWN ? (
              <button
                type="button"
                className="btn-link"
                aria-expanded={expanded}
                aria-controls={ids.errors}
                onClick={() => setExpanded((value) => !value)}
                data-testid="invite-errors-toggle"
              >
                {hidden > 0 ? showMoreErrorsText(hidden) : INVITE_TEXTS.showLess}
              </button>
            ) : null}
          </Alert>
        ) : null}
        {alert ? (
          <Alert variant="danger" testId="invite-alert">
            {alert}
          </Alert>
        ) : null}
        <div className="form-field">
          <label htmlFor={ids.search}>
            {variant === 'members' ? INVITE_TEXTS.membersSearchField : INVITE_TEXTS.groupSearchField}
          </label>
          {variant === 'members' ? (
            <PeoplePicker
              inputId={ids.search}
              invitees={invitees}
              onChange={setInvitees}
              errors={inviteErrors}
            />
          ) : (
            <GroupPicker inputId={ids.search} group={group} onChange={setGroup} />
          )}
        </div>
        <div className="form-field">
          <label htmlFor={ids.role}>{INVITE_TEXTS.accessLevel}</label>
          <select
            id={ids.role}
            className="input"
            value={accessLevel}
            onChange={(event) => setAccessLevel(Number(event.target.value))}
            data-testid="invite-role"
          >
            {grantableLevels.map((level) => (
              <option key={level} value={level}>
                {accessLevelName(level)}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor={ids.date}>{INVITE_TEXTS.expiresAt}</label>
          <input
            id={ids.date}
            className="input"
            type="date"
            min={tomorrow}
            value={expiresAt}
            onChange={(event) => setExpiresAt(event.target.value)}
            data-testid="invite-expires-at"
          />
        </div>
        <div className="dialog-actions">
          <Button onClick={onClose}>{INVITE_TEXTS.cancel}</Button>
          <Button type="submit" variant="confirm" disabled={busy} data-testid="invite-submit">
            {INVITE_TEXTS.invite}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The keys the server reports an invitee's refusal under: an address, or a username or id. */
function inviteeKeys(invitee: Invitee): string[] {
  return invitee.kind === 'email' ? [invitee.email] : [invitee.user.username, String(invitee.user.id)];
}

function PeoplePicker({
  inputId,
  invitees,
  onChange,
  errors,
}: {
  inputId: string;
  invitees: readonly Invitee[];
  onChange: (invitees: readonly Invitee[]) => void;
  errors: readonly (readonly [string, string])[];
}) {
  const box = useSearchCombobox(searchUsers, true, 1);
  const typedEmail = isEmailAddress(box.term.trim()) ? box.term.trim() : null;
  const chosen = new Set(invitees.map((invitee) => invitee.key));
  const userOptions = box.options.filter((user) => !chosen.has(`user:${user.id}`));
  const choices: Invitee[] = [
    ...userOptions.map((user) => ({ kind: 'user', key: `user:${user.id}`, user }) as const),
    ...(typedEmail && !chosen.has(`email:${typedEmail.toLowerCase()}`)
      ? [{ kind: 'email', key: `email:${typedEmail.toLowerCase()}`, email: typedEmail } as const]
      : []),
  ];
  const refused = new Set(errors.map(([who]) => who));
  const add = (invitee: Invitee) => {
    onChange([...invitees, invitee]);
    box.setTerm('');
  };
  return (
    <div className="token-picker">
      {invitees.length > 0 ? (
        <ul className="token-list" aria-label="Invitees">
          {invitees.map((invitee) => {
            const label = invitee.kind === 'email' ? invitee.email : invitee.user.name;
            const invalid = inviteeKeys(invitee).some((key) => refused.has(key));
            return (
              <li
                key={invitee.key}
                className={invalid ? 'token token-invalid' : 'token'}
                data-testid="invite-token"
              >
                {invitee.kind === 'user' ? (
                  <Avatar name={invitee.user.name} colorKey={invitee.user.username} size={16} />
                ) : null}
                <span>{label}</span>
                <button
                  type="button"
                  className="token-remove"
                  aria-label={`Remove ${label}`}
                  onClick={() => onChange(invitees.filter((other) => other.key !== invitee.key))}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <SearchCombobox
        inputId={inputId}
        box={box}
        choices={choices}
        onPick={add}
        placeholder={INVITE_TEXTS.membersPlaceholder}
        listLabel="Suggestions"
        onOtherKey={(event) => {
          // A comma ends an address as Enter does; Backspace in the empty box takes the last one back.
          if (event.key === ',' && (choices[box.active] ?? typedEmail)) {
            event.preventDefault();
            const choice = choices[box.active] ?? choices.find((item) => item.kind === 'email');
            if (choice) add(choice);
          } else if (event.key === 'Backspace' && box.term === '' && invitees.length) {
            onChange(invitees.slice(0, -1));
          }
        }}
        render={(choice) =>
          choice.kind === 'user' ? (
            <>
              <Avatar name={choice.user.name} colorKey={choice.user.username} size={24} />
              <span>
                {choice.user.name} <span className="muted">@{choice.user.username}</span>
              </span>
            </>
          ) : (
            <span>
              Invite <strong>{choice.email}</strong> by email
            </span>
          )
        }
      />
    </div>
  );
}

function searchUsers(term: string, signal: AbortSignal): Promise<UserSuggestion[]> {
  return fetchUserSuggestions({ search: term, groupId: null }, signal);
}

function GroupPicker({
  inputId,
  group,
  onChange,
}: {
  inputId: string;
  group: GroupSuggestion | null;
  onChange: (group: GroupSuggestion | null) => void;
}) {
  const box = useSearchCombobox(fetchGroupSuggestions, group === null);
  if (group) {
    return (
      <div className="token-picker">
        <ul className="token-list" aria-label="Group to invite">
          <li className="token" data-testid="invite-token">
            <span>{group.fullName}</span>
            <button
              type="button"
              className="token-remove"
              aria-label={`Remove ${group.fullName}`}
              onClick={() => onChange(null)}
            >
              ×
            </button>
          </li>
        </ul>
        <input id={inputId} className="sr-only" readOnly value={group.fullName} tabIndex={-1} />
      </div>
    );
  }
  return (
    <div className="token-picker">
      <SearchCombobox
        inputId={inputId}
        box={box}
        choices={box.options.map((option) => ({ ...option, key: String(option.id) }))}
        onPick={onChange}
        placeholder={INVITE_TEXTS.groupPlaceholder}
        listLabel="Groups"
        render={(option) => (
          <span>
            {option.fullName} <span className="muted">{option.fullPath}</span>
          </span>
        )}
      />
    </div>
  );
}
