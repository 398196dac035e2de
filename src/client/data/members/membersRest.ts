/**
 * The members page's writes, through GitLab's members, invitations, share and access request APIs
 * (server: src/server/http/api/memberRoutes.ts and its neighbours). Each rejects with the server's
 * own message.
 */
import { getJsonArray, isObject, sendJson, str } from '../restJson.ts';

export interface MemberChange {
  readonly accessLevel: number;
  /** `YYYY-MM-DD`, or null to clear it; undefined leaves it. */
  readonly expiresAt?: string | null;
}

export async function updateMember(apiPath: string, userId: number, change: MemberChange): Promise<void> {
  await sendJson('PUT', `${apiPath}/members/${userId}`, {
    access_level: change.accessLevel,
    ...(change.expiresAt !== undefined ? { expires_at: change.expiresAt ?? '' } : {}),
  });
}

/** Removes a member, or the viewer themself (leaving). */
export async function removeMember(
  apiPath: string,
  userId: number,
  unassignIssuables: boolean,
): Promise<void> {
  await sendJson('DELETE', `${apiPath}/members/${userId}?unassign_issuables=${unassignIssuables}`);
}

export interface InviteInput {
  readonly emails: readonly string[];
  readonly userIds: readonly number[];
  readonly accessLevel: number;
  readonly expiresAt: string | null;
}

/** The invitees' refusals, by address or username; empty when everyone was invited. */
export async function inviteMembers(apiPath: string, input: InviteInput): Promise<Record<string, string>> {
  const response = await sendJson('POST', `${apiPath}/invitations`, {
    ...(input.emails.length ? { email: input.emails.join(',') } : {}),
    ...(input.userIds.length ? { user_id: input.userIds.join(',') } : {}),
    access_level: input.accessLevel,
    ...(input.expiresAt ? { expires_at: input.expiresAt } : {}),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!isObject(body) || body.status === 'success' || !isObject(body.message)) return {};
  return Object.fromEntries(Object.entries(body.message).map(([key, value]) => [key, String(value)]));
}

export async function shareWithGroup(
  apiPath: string,
  input: { groupId: number; accessLevel: number; expiresAt: string | null },
): Promise<void> {
  await sendJson('POST', `${apiPath}/share`, {
    group_id: input.groupId,
    group_access: input.accessLevel,
    ...(input.expiresAt ? { expires_at: input.expiresAt } : {}),
  });
}

export async function unshareWithGroup(apiPath: string, groupId: number): Promise<void> {
  await sendJson('DELETE', `${apiPath}/share/${groupId}`);
}

export async function resendInvitation(apiPath: string, email: string): Promise<void> {
  await sendJson('POST', `${apiPath}/invitations/${encodeURIComponent(email)}/resend`);
}

export async function revokeInvitation(apiPath: string, email: string): Promise<void> {
  await sendJson('DELETE', `${apiPath}/invitations/${encodeURIComponent(email)}`);
}

export async function approveAccessRequest(
  apiPath: string,
  userId: number,
  accessLevel: number,
): Promise<void> {
  await sendJson('PUT', `${apiPath}/access_requests/${userId}/approve`, { access_level: accessLevel });
}

/** Denies a request, or withdraws the viewer's own. */
export async function denyAccessRequest(apiPath: string, userId: number): Promise<void> {
  await sendJson('DELETE', `${apiPath}/access_requests/${userId}`);
}

export async function requestAccess(apiPath: string): Promise<void> {
  await sendJson('POST', `${apiPath}/access_requests`);
}

export interface GroupSuggestion {
  readonly id: number;
  readonly fullName: string;
  readonly fullPath: string;
}

/** Groups the viewer may see whose name or path matches (the invite-a-group search). */
export async function fetchGroupSuggestions(search: string, signal: AbortSignal): Promise<GroupSuggestion[]> {
  const params = new URLSearchParams({ search, per_page: '20', order_by: 'name' });
  const rows = await getJsonArray(`/api/v4/groups?${params}`, signal);
  return rows.flatMap((row) => {
    const fullPath = str(row.full_path);
    return typeof row.id === 'number' && fullPath
      ? [{ id: row.id, fullName: str(row.full_name) ?? fullPath, fullPath }]
      : [];
  });
}
