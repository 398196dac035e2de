import { useState } from 'react';
import { accessLevelName } from '../../../core/domain/accessLevel.ts';
import { formatCalendarDate } from '../../../core/time/formatting.ts';
import { type WindowedRow, WindowedTableBody } from '../../components/windowed/index.ts';
import {
  type Member,
  type MemberChange,
  type MembersWindow,
  removeMember,
  updateMember,
} from '../../data/index.ts';
import { Avatar, Badge, Button, Loading } from '../../ui/index.ts';
import { tomorrowDay } from './inviteErrors.ts';
import { MEMBERS_TEXTS } from './membersTexts.ts';
import { RemoveMemberDialog } from './RemoveMemberDialog.tsx';
import type { useMembersWrite } from './useMembersWrite.ts';

/** A desktop row (a 32 px avatar over two lines); rows are measured as they render. */
const ESTIMATED_ROW_HEIGHT = 57;
const COLUMNS = 6;

/**
 * The members, each with where their membership comes from; a manager changes a direct member's
 * role and expiry in place and removes them. Only the rows in view are in the document: thousands
 * of members scroll with the page while their pages arrive (the table keeps its row count and each
 * row's position for assistive technology).
 */
export function MembersTable({
  members,
  apiPath,
  sourceName,
  grantableLevels,
  viewerId,
  write,
}: {
  members: MembersWindow;
  apiPath: string;
  sourceName: string;
  grantableLevels: readonly number[];
  viewerId: number | null;
  write: ReturnType<typeof useMembersWrite>;
}) {
  const [removing, setRemoving] = useState<Member | null>(null);
  return (
    <div className="table-scroll">
      <table
        className="data-table members-table members-table-windowed"
        data-testid="members-table"
        aria-rowcount={members.total + 1}
      >
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">Account</th>
            <th scope="col">Source</th>
            <th scope="col">{MEMBERS_TEXTS.maxRole}</th>
            <th scope="col">Member since</th>
            <th scope="col">{MEMBERS_TEXTS.expiration}</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <WindowedTableBody
          count={members.total}
          estimatedRowHeight={ESTIMATED_ROW_HEIGHT}
          columns={COLUMNS}
          onRangeChange={members.require}
          renderRow={(row) => {
            const member = members.memberAt(row.index);
            return member ? (
              <MemberRow
                key={member.id}
                row={row}
                member={member}
                apiPath={apiPath}
                grantableLevels={grantableLevels}
                isViewer={member.userId === viewerId}
                write={write}
                onChanged={(change) => members.patch(member.userId, change)}
                onRemove={() => setRemoving(member)}
              />
            ) : (
              <tr
                key={`loading-${row.index}`}
                ref={row.measure}
                data-index={row.index}
                aria-rowindex={row.rowIndex}
                className="members-loading-row"
                data-testid="member-row-loading"
              >
                <td colSpan={COLUMNS}>
                  <Loading label={MEMBERS_TEXTS.loadingMembers} />
                </td>
              </tr>
            );
          }}
        />
      </table>
      {members.failed ? (
        <p className="members-load-failed" role="alert">
          {MEMBERS_TEXTS.loadFailed}{' '}
          <Button onClick={members.retry} data-testid="members-retry">
            {MEMBERS_TEXTS.tryAgain}
          </Button>
        </p>
      ) : null}
      {removing ? (
        <RemoveMemberDialog
          mode="remove"
          memberName={removing.name}
          sourceName={sourceName}
          busy={write.busy}
          onClose={() => setRemoving(null)}
          onConfirm={(unassign) =>
            void write.run(() => removeMember(apiPath, removing.userId, unassign), {
              notice: MEMBERS_TEXTS.memberRemoved,
              reload: true,
            })
          }
        />
      ) : null}
    </div>
  );
}

function MemberRow({
  row,
  member,
  apiPath,
  grantableLevels,
  isViewer,
  write,
  onChanged,
  onRemove,
}: {
  row: WindowedRow;
  member: Member;
  apiPath: string;
  grantableLevels: readonly number[];
  isViewer: boolean;
  write: ReturnType<typeof useMembersWrite>;
  onChanged: (change: MemberChange) => void;
  onRemove: () => void;
}) {
  const [level, setLevel] = useState(member.accessLevel);
  const [expiresAt, setExpiresAt] = useState<string>(member.expiresAt ?? '');
  const save = (
    change: { accessLevel: number; expiresAt?: string | null },
    notice: string,
    undo: () => void,
  ) =>
    void write
      .run(() => updateMember(apiPath, member.userId, change), { notice, reload: false })
      .then((saved) => {
        if (saved) onChanged(change);
        else undo();
      });
  return (
    <tr
      ref={row.measure}
      data-index={row.index}
      aria-rowindex={row.rowIndex}
      data-testid="member-row"
      data-username={member.username}
    >
      <td data-label="Account">
        <span className="member-account">
          <Avatar name={member.name} colorKey={member.username} size={32} />
          <span>
            <a className="member-name" href={member.userPath}>
              {member.name}
            </a>
            <span className="muted member-username">
              @{member.username}
              {isViewer ? (
                <>
                  {' '}
                  <Badge variant="success">It's you</Badge>
                </>
              ) : null}
            </span>
          </span>
        </span>
      </td>
      <td data-label="Source" data-testid="member-source">
        {member.direct ? (
          MEMBERS_TEXTS.direct
        ) : (
          <span>
            {MEMBERS_TEXTS.inheritedFrom}{' '}
            <a className="member-source-link" href={member.source.path}>
              {member.source.fullName}
            </a>
          </span>
        )}
      </td>
      <td data-label={MEMBERS_TEXTS.maxRole} data-testid="member-role">
        {member.canUpdate ? (
          <select
            className="input input-compact"
            aria-label={MEMBERS_TEXTS.roleLabel(member.name)}
            value={level}
            disabled={write.busy}
            data-testid="member-role-select"
            onChange={(event) => {
              const previous = level;
              const next = Number(event.target.value);
              setLevel(next);
              save({ accessLevel: next }, MEMBERS_TEXTS.roleUpdated, () => setLevel(previous));
            }}
          >
            {grantableLevels.map((option) => (
              <option key={option} value={option}>
                {accessLevelName(option)}
              </option>
            ))}
          </select>
        ) : (
          accessLevelName(level)
        )}
      </td>
      <td data-label="Member since" className="cell-date">
        {member.memberSince ? formatCalendarDate(member.memberSince) : '—'}
      </td>
      <td data-label={MEMBERS_TEXTS.expiration} className="cell-date">
        {member.canUpdate ? (
          <input
            type="date"
            className="input input-compact"
            aria-label={MEMBERS_TEXTS.expirationLabel(member.name)}
            min={tomorrowDay()}
            value={expiresAt}
            disabled={write.busy}
            data-testid="member-expiration"
            onChange={(event) => {
              const previous = expiresAt;
              const next = event.target.value;
              setExpiresAt(next);
              save({ accessLevel: level, expiresAt: next || null }, MEMBERS_TEXTS.expirationUpdated, () =>
                setExpiresAt(previous),
              );
            }}
          />
        ) : member.expiresAt ? (
          formatCalendarDate(member.expiresAt)
        ) : (
          <span className="muted">{MEMBERS_TEXTS.noExpiration}</span>
        )}
      </td>
      <td data-label="Actions" className="cell-actions">
        {member.canRemove ? (
          <Button
            icon="trash"
            iconOnly
            aria-label={`${MEMBERS_TEXTS.remove} ${member.name}`}
            onClick={onRemove}
            data-testid="member-remove"
          />
        ) : null}
      </td>
    </tr>
  );
}
