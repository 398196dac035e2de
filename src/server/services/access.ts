import {
  ACTION_FEATURES,
  featureUnavailableMessage,
  type LicensedFeature,
  planHasFeature,
} from '../../core/domain/licensedFeatures.ts';
import {
  type Action,
  can,
  type PermissionContext,
  type Role,
  roleOf,
} from '../../core/domain/permissions.ts';
import type { PlanCode } from '../../core/domain/plans.ts';
import { planOnDay } from '../../core/domain/trials.ts';
import { VISIBILITY_LEVEL, type Visibility } from '../../core/domain/visibility.ts';
import { calendarDateOf } from '../../core/time/formatting.ts';
import type { Executor } from '../db/executor.ts';
import { findPlanRecords } from '../db/repositories/gitlabSubscriptionRepository.ts';
import { findMembershipsOfUser, type MembershipRow } from '../db/repositories/memberRepository.ts';
import type { Viewer } from '../db/repositories/visibility.ts';
import type { EpicRow, NamespaceRow, ProjectRow, UserRow } from '../db/schema.ts';
import type { Actor } from './actor.ts';
import { ForbiddenError, UnauthorizedError } from './errors.ts';
import { FRESH_READS, type SnapshotReads } from './snapshotReads.ts';

export function visibilityOfLevel(level: number): Visibility {
  if (level >= VISIBILITY_LEVEL.public) return 'public';
  if (level >= VISIBILITY_LEVEL.internal) return 'internal';
  return 'private';
}

/**
 * What one request's actor may do. Loads the actor's memberships once and answers every
 * permission question of the request from them and the policy table in core.
 */
export class AccessContext {
  private memberships: Promise<MembershipRow[]> | undefined;
  /** Each top-level group's plan today, read once a request. */
  private readonly plans = new Map<number, Promise<PlanCode>>();
  /**
   * Where the request's lookups of groups, projects and plans come from: shared with the requests
   * at its data version once it is known to write nothing (a GraphQL query), else the database.
   */
  reads: SnapshotReads = FRESH_READS;

  constructor(
    private readonly db: Executor,
    readonly actor: Actor,
    /** The request's clock (ServerDeps.now): every write that stamps a time reads it here. */
    readonly now: () => Date,
  ) {
    // Read with the user when the request was authenticated: no statement of their own.
    if (actor.snapshot) this.memberships = Promise.resolve(actor.snapshot.memberships);
  }

  get viewer(): Viewer {
    return { userId: this.actor.user?.id ?? null, isAdmin: this.actor.user?.is_admin ?? false };
  }

  /**
   * A decision about what this viewer may see, shared with the viewer's other requests at the data
   * version (`reads`): it may rest on the viewer's user row and memberships and on namespaces and
   * their plans, which the version covers, and on the day, which ends a plan's trial.
   */
  rememberForViewer<T>(key: string, decide: () => Promise<T>): Promise<T> {
    const viewer = this.actor.user?.id ?? 'visitor';
    return this.reads.remember(`${key}:${viewer}:${calendarDateOf(this.now())}`, decide);
  }

  private get subject(): { isAdmin: boolean } | null {
    return this.actor.user ? { isAdmin: this.actor.user.is_admin } : null;
  }

  private loadMemberships(): Promise<MembershipRow[]> {
    const user = this.actor.user;
    if (!user) return Promise.resolve([]);
    this.memberships ??= findMembershipsOfUser(this.db, user.id);
    return this.memberships;
  }

  /** The actor's memberships (none for a visitor), read once a request. */
  ownMemberships(): Promise<readonly MembershipRow[]> {
    return this.loadMemberships();
  }

  /** Highest access level held on the namespace or any ancestor (membership is inherited downward). */
  async accessLevelInNamespace(namespace: Pick<NamespaceRow, 'traversal_ids'>): Promise<number> {
    let level = 0;
    for (const membership of await this.loadMemberships()) {
      if (membership.source_type === 'Namespace' && namespace.traversal_ids.includes(membership.source_id)) {
        level = Math.max(level, membership.access_level);
      }
    }
    return level;
  }

  /**
   * Whether the actor owns some group (GitLab's `can_admin_any_group?`), or administers the
   * instance: who may browse the LDAP directory's groups to link them.
   */
  async mayAdminAnyGroup(): Promise<boolean> {
    if (this.actor.user?.is_admin) return true;
    return (await this.loadMemberships()).some(
      (membership) =>
        membership.source_type === 'Namespace' &&
        can(roleOf(this.subject, membership.access_level), 'admin_group', { visibility: 'private' }),
    );
  }

  async roleInNamespace(namespace: Pick<NamespaceRow, 'traversal_ids'>): Promise<Role> {
    return roleOf(this.subject, await this.accessLevelInNamespace(namespace));
  }

  /** Highest access level held on the project or its group chain. */
  async accessLevelInProject(
    project: Pick<ProjectRow, 'id'>,
    namespace: Pick<NamespaceRow, 'traversal_ids'>,
  ): Promise<number> {
    let level = await this.accessLevelInNamespace(namespace);
    for (const membership of await this.loadMemberships()) {
      if (membership.source_type === 'Project' && membership.source_id === project.id) {
        level = Math.max(level, membership.access_level);
      }
    }
    return level;
  }

  async roleInProject(project: ProjectRow, namespace: Pick<NamespaceRow, 'traversal_ids'>): Promise<Role> {
    return roleOf(this.subject, await this.accessLevelInProject(project, namespace));
  }

  /**
   * Reads the plans of these namespaces' top-level groups in one statement, for a check that then
   * runs over all of them (a search across groups).
   */
  loadPlans(namespaces: readonly Pick<NamespaceRow, 'traversal_ids'>[]): Promise<void> {
    const missing = [...new Set(namespaces.map(rootIdOf))].filter((id) => !this.plans.has(id));
    if (missing.length === 0) return Promise.resolve();
    const today = calendarDateOf(this.now());
    const records = this.reads
      .remember(`plans:${missing.join(',')}`, () => findPlanRecords(this.db, missing))
      .then((rows) => new Map(rows.map((row) => [row.namespace_id, planOnDay(row, today)])));
    for (const id of missing) {
      const plan = records.then((plans) => plans.get(id) ?? 'free');
      // A plan nobody asks for again must not turn a failed read into an unhandled rejection, which
      // ends the process; whoever awaits it still gets the error.
      plan.catch(() => {});
      this.plans.set(id, plan);
    }
    return records.then(() => undefined);
  }

  /** The plan in force today for the namespace's top-level group. */
  async planOf(namespace: Pick<NamespaceRow, 'traversal_ids'>): Promise<PlanCode> {
    await this.loadPlans([namespace]);
    return this.plans.get(rootIdOf(namespace)) ?? 'free';
  }

  /** Whether the namespace's plan includes the feature. */
  async hasFeature(
    namespace: Pick<NamespaceRow, 'traversal_ids'>,
    feature: LicensedFeature,
  ): Promise<boolean> {
    return planHasFeature(await this.planOf(namespace), feature);
  }

  /**
   * The request's answers of canInNamespace, by namespace row and question. A roadmap page asks the
   * same few questions of each of its 1,000 epics (may the viewer update it?); memberships and plans
   * are read once a request anyway, so an answer cannot change within it.
   */
  private readonly namespaceAnswers = new WeakMap<object, Map<string, Promise<boolean>>>();

  canInNamespace(
    action: Action,
    namespace: Pick<NamespaceRow, 'traversal_ids' | 'visibility_level'>,
    context: Omit<PermissionContext, 'visibility'> = {},
  ): Promise<boolean> {
    let answers = this.namespaceAnswers.get(namespace);
    if (!answers) {
      answers = new Map();
      this.namespaceAnswers.set(namespace, answers);
    }
    const question = `${action}|${namespace.visibility_level}|${context.confidential ? 'c' : ''}${context.isAuthor ? 'a' : ''}${context.isAssignee ? 's' : ''}`;
    let answer = answers.get(question);
    if (!answer) {
      answer = this.decideInNamespace(action, namespace, context);
      // An answer nobody asks for again must not turn a failed read into an unhandled rejection.
      answer.catch(() => {});
      answers.set(question, answer);
    }
    return answer;
  }

  private async decideInNamespace(
    action: Action,
    namespace: Pick<NamespaceRow, 'traversal_ids' | 'visibility_level'>,
    context: Omit<PermissionContext, 'visibility'>,
  ): Promise<boolean> {
    const feature = ACTION_FEATURES[action];
    if (feature && !(await this.hasFeature(namespace, feature))) return false;
    const role = await this.roleInNamespace(namespace);
    return can(role, action, { ...context, visibility: visibilityOfLevel(namespace.visibility_level) });
  }

  async canInProject(
    action: Action,
    project: ProjectRow,
    namespace: Pick<NamespaceRow, 'traversal_ids'>,
    context: Omit<PermissionContext, 'visibility'> = {},
  ): Promise<boolean> {
    const feature = ACTION_FEATURES[action];
    if (feature && !(await this.hasFeature(namespace, feature))) return false;
    const role = await this.roleInProject(project, namespace);
    return can(role, action, { ...context, visibility: visibilityOfLevel(project.visibility_level) });
  }
}

const rootIdOf = (namespace: Pick<NamespaceRow, 'traversal_ids'>): number => namespace.traversal_ids[0] ?? 0;

/** 403, in words, when the namespace's plan lacks the feature (GitLab's `authorize_*_feature!`). */
export async function requireFeature(
  access: AccessContext,
  namespace: Pick<NamespaceRow, 'traversal_ids'>,
  feature: LicensedFeature,
): Promise<void> {
  const plan = await access.planOf(namespace);
  if (!planHasFeature(plan, feature)) throw new ForbiddenError(featureUnavailableMessage(feature, plan));
}

/** GitLab's admin_epic_relation on an epic (Reporter and up; confidential epics alike). */
export function canAdminEpic(
  access: AccessContext,
  group: NamespaceRow,
  epic: Pick<EpicRow, 'confidential'>,
): Promise<boolean> {
  return access.canInNamespace('admin_epic_relation', group, { confidential: epic.confidential });
}

/**
 * Whether issues of banned authors show to this actor: GitLab hides them ('hidden') from everyone
 * but administrators, who review them.
 */
export function seesHiddenIssues(access: AccessContext): boolean {
  return isAdministrator(access);
}

/** An instance administrator is signed in. */
export function isAdministrator(access: AccessContext): boolean {
  return access.actor.user?.is_admin === true;
}

/** The signed-in administrator; 401 for a visitor, 403 for anyone else. */
export function requireAdministrator(access: AccessContext): UserRow {
  const user = access.actor.user;
  if (!user) throw new UnauthorizedError();
  if (!user.is_admin) throw new ForbiddenError();
  return user;
}
