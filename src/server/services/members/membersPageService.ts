import { AccessLevel } from '../../../core/domain/accessLevel.ts';
import { grantableAccessLevels } from '../../../core/domain/memberRules.ts';
import type { Executor } from '../../db/executor.ts';
import {
  type AccessRequestRow,
  findAccessRequest,
  listAccessRequests,
} from '../../db/repositories/accessRequestRepository.ts';
import type { GroupLinkRow } from '../../db/repositories/groupLinkRepository.ts';
import {
  listInvitations,
  type MemberInvitationListRow,
} from '../../db/repositories/memberInvitationRepository.ts';
import { countDirectOwners, findDirectMember } from '../../db/repositories/memberRepository.ts';
import type { AccessContext } from '../access.ts';
import type { MembersOf, MemberView } from '../memberService.ts';
import { actorLevelOn, canManageMembers, sourceKeyOf } from './memberSources.ts';
import { listSharesOf } from './shareService.ts';

/** What the members page lets the viewer do, and the lists only managers see. */
export interface MembersManagementView {
  readonly canManage: boolean;
  /** The levels the viewer may give (none unless they manage members). */
  readonly grantableLevels: readonly number[];
  readonly viewerId: number | null;
  /** The viewer holds a membership on the source itself, so may leave it. */
  readonly canLeave: boolean;
  /** Signed in, without access, and not waiting on a request already. */
  readonly canRequestAccess: boolean;
  readonly accessRequested: boolean;
  readonly invitations: readonly MemberInvitationListRow[];
  readonly invitationsTotal: number;
  readonly accessRequests: readonly AccessRequestRow[];
  readonly shares: readonly GroupLinkRow[];
}

/** Pending invitations a page shows at once; the API pages through the rest. */
const INVITATIONS_SHOWN = 100;

export type MemberActions = ReadonlyMap<number, { readonly canUpdate: boolean; readonly canRemove: boolean }>;

/**
 * Per listed member, whether the viewer may change their role and expiry and remove them: direct
 * members at or below the viewer's own level (any, for an administrator), never a group's last
 * owner, and never themself (they leave instead).
 */
export async function memberActionsOf(
  db: Executor,
  access: AccessContext,
  of: MembersOf,
  members: readonly MemberView[],
): Promise<MemberActions> {
  const user = access.actor.user;
  const canManage = user !== null && (await canManageMembers(access, of));
  const actions = new Map<number, { canUpdate: boolean; canRemove: boolean }>();
  if (!canManage) return actions;
  const level = await actorLevelOn(access, of);
  const owners = of.kind === 'group' ? await countDirectOwners(db, sourceKeyOf(of)) : 0;
  for (const { row, direct } of members) {
    const lastOwner = of.kind === 'group' && row.access_level === AccessLevel.Owner && owners <= 1;
    const manageable = direct && (user.is_admin || row.access_level <= level) && !lastOwner;
    actions.set(row.user_id, { canUpdate: manageable, canRemove: manageable && row.user_id !== user.id });
  }
  return actions;
}

export async function membersManagementOf(
  db: Executor,
  access: AccessContext,
  of: MembersOf,
): Promise<MembersManagementView> {
  const user = access.actor.user;
  const source = sourceKeyOf(of);
  const canManage = user !== null && (await canManageMembers(access, of));
  const level = await actorLevelOn(access, of);
  const owners = of.kind === 'group' ? await countDirectOwners(db, source) : 0;
  const own = user ? await findDirectMember(db, source, user.id) : undefined;
  const requested = user ? await findAccessRequest(db, source, user.id) : undefined;
  const invitations = canManage
    ? await listInvitations(db, source, {}, { offset: 0, limit: INVITATIONS_SHOWN })
    : { rows: [], total: 0 };
  return {
    canManage,
    grantableLevels: canManage ? grantableAccessLevels(level, user?.is_admin === true) : [],
    viewerId: user?.id ?? null,
    canLeave:
      own !== undefined && !(of.kind === 'group' && own.access_level === AccessLevel.Owner && owners <= 1),
    canRequestAccess: user !== null && level === 0 && !requested,
    accessRequested: requested !== undefined,
    invitations: invitations.rows,
    invitationsTotal: invitations.total,
    accessRequests: canManage ? await listAccessRequests(db, source) : [],
    shares: await listSharesOf(db, access, of),
  };
}
