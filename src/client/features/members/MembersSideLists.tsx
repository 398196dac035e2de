import { AccessLevel, accessLevelName } from '../../../core/domain/accessLevel.ts';
import { formatCalendarDate, formatTimestamp } from '../../../core/time/formatting.ts';
import {
  type AccessRequest,
  approveAccessRequest,
  denyAccessRequest,
  type PendingInvitation,
  resendInvitation,
  revokeInvitation,
  type Share,
  unshareWithGroup,
} from '../../data/index.ts';
import { Avatar, Button, EmptyState } from '../../ui/index.ts';
import { MEMBERS_TEXTS } from './membersTexts.ts';
import type { useMembersWrite } from './useMembersWrite.ts';

type Write = ReturnType<typeof useMembersWrite>;

/** The groups the group or project is shared with; a manager ends a share. */
export function SharesTable({
  shares,
  apiPath,
  canManage,
  write,
}: {
  shares: readonly Share[];
  apiPath: string;
  canManage: boolean;
  write: Write;
}) {
  if (shares.length === 0) return <EmptyState title={MEMBERS_TEXTS.noGroups} testId="shares-empty" />;
  return (
    <div className="table-scroll">
      <table className="data-table members-table" data-testid="shares-table">
        <thead>
          <tr>
            <th scope="col">Group</th>
            <th scope="col">{MEMBERS_TEXTS.maxRole}</th>
            <th scope="col">{MEMBERS_TEXTS.expiration}</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {shares.map((share) => (
            <tr key={share.groupId} data-testid="share-row">
              <td data-label="Group">
                <a className="member-name" href={share.path}>
                  {share.fullName}
                </a>
              </td>
              <td data-label={MEMBERS_TEXTS.maxRole}>{accessLevelName(share.accessLevel)}</td>
              <td data-label={MEMBERS_TEXTS.expiration} className="cell-date">
                {share.expiresAt ? (
                  formatCalendarDate(share.expiresAt)
                ) : (
                  <span className="muted">{MEMBERS_TEXTS.noExpiration}</span>
                )}
              </td>
              <td data-label="Actions" className="cell-actions">
                {canManage ? (
                  <Button
                    icon="trash"
                    iconOnly
                    aria-label={`${MEMBERS_TEXTS.removeGroup} ${share.fullName}`}
                    disabled={write.busy}
                    onClick={() =>
                      void write.run(() => unshareWithGroup(apiPath, share.groupId), {
                        notice: MEMBERS_TEXTS.groupRemoved,
                        reload: true,
                      })
                    }
                    data-testid="share-remove"
                  />
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Invitations not yet accepted, with resend and revoke. */
export function InvitationsTable({
  invitations,
  apiPath,
  write,
}: {
  invitations: readonly PendingInvitation[];
  apiPath: string;
  write: Write;
}) {
  if (invitations.length === 0)
    return <EmptyState title={MEMBERS_TEXTS.noInvitations} testId="invitations-empty" />;
  return (
    <div className="table-scroll">
      <table className="data-table members-table" data-testid="invitations-table">
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">{MEMBERS_TEXTS.invitedBy}</th>
            <th scope="col">{MEMBERS_TEXTS.maxRole}</th>
            <th scope="col">{MEMBERS_TEXTS.expiration}</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invitations.map((invitation) => (
            <tr key={invitation.email} data-testid="invitation-row" data-email={invitation.email}>
              <td data-label="Email" className="cell-wrap">
                {invitation.email}
              </td>
              <td data-label={MEMBERS_TEXTS.invitedBy}>
                <span>
                  {invitation.invitedBy ?? '—'}
                  {invitation.createdAt ? (
                    <span className="muted member-username">{formatTimestamp(invitation.createdAt)}</span>
                  ) : null}
                </span>
              </td>
              <td data-label={MEMBERS_TEXTS.maxRole}>{accessLevelName(invitation.accessLevel)}</td>
              <td data-label={MEMBERS_TEXTS.expiration} className="cell-date">
                {invitation.expiresAt ? (
                  formatCalendarDate(invitation.expiresAt)
                ) : (
                  <span className="muted">{MEMBERS_TEXTS.noExpiration}</span>
                )}
              </td>
              <td data-label="Actions" className="cell-actions">
                <span className="row-actions">
                  <Button
                    disabled={write.busy}
                    onClick={() =>
                      void write.run(() => resendInvitation(apiPath, invitation.email), {
                        notice: MEMBERS_TEXTS.invitationResent,
                        reload: false,
                      })
                    }
                    data-testid="invitation-resend"
                  >
                    {MEMBERS_TEXTS.resend}
                  </Button>
                  <Button
                    icon="trash"
                    iconOnly
                    aria-label={`${MEMBERS_TEXTS.revoke} ${invitation.email}`}
                    disabled={write.busy}
                    onClick={() =>
                      void write.run(() => revokeInvitation(apiPath, invitation.email), {
                        notice: MEMBERS_TEXTS.invitationRevoked,
                        reload: true,
                      })
                    }
                    data-testid="invitation-revoke"
                  />
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Users who asked to join; a manager approves (at Developer) or denies. */
export function AccessRequestsTable({
  requests,
  apiPath,
  grantableLevels,
  write,
}: {
  requests: readonly AccessRequest[];
  apiPath: string;
  grantableLevels: readonly number[];
  write: Write;
}) {
  if (requests.length === 0) return <EmptyState title={MEMBERS_TEXTS.noRequests} testId="requests-empty" />;
  // GitLab approves at Developer unless the approver may not give it.
  const level = grantableLevels.includes(AccessLevel.Developer)
    ? AccessLevel.Developer
    : (grantableLevels.at(-1) ?? AccessLevel.Guest);
  return (
    <div className="table-scroll">
      <table className="data-table members-table" data-testid="requests-table">
        <thead>
          <tr>
            <th scope="col">Account</th>
            <th scope="col">Requested</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {requests.map((request) => (
            <tr key={request.userId} data-testid="request-row" data-username={request.username}>
              <td data-label="Account">
                <span className="member-account">
                  <Avatar name={request.name} colorKey={request.username} size={32} />
                  <span>
                    <a className="member-name" href={request.userPath}>
                      {request.name}
                    </a>
                    <span className="muted member-username">@{request.username}</span>
                  </span>
                </span>
              </td>
              <td data-label="Requested" className="cell-date">
                {request.requestedAt ? formatTimestamp(request.requestedAt) : '—'}
              </td>
              <td data-label="Actions" className="cell-actions">
                <span className="row-actions">
                  <Button
                    variant="confirm"
                    disabled={write.busy}
                    onClick={() =>
                      void write.run(() => approveAccessRequest(apiPath, request.userId, level), {
                        notice: MEMBERS_TEXTS.requestApproved,
                        reload: true,
                      })
                    }
                    data-testid="request-approve"
                  >
                    {MEMBERS_TEXTS.approve} ({accessLevelName(level)})
                  </Button>
                  <Button
                    disabled={write.busy}
                    onClick={() =>
                      void write.run(() => denyAccessRequest(apiPath, request.userId), {
                        notice: MEMBERS_TEXTS.requestDenied,
                        reload: true,
                      })
                    }
                    data-testid="request-deny"
                  >
                    {MEMBERS_TEXTS.deny}
                  </Button>
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
