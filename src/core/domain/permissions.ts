import { AccessLevel } from './accessLevel.ts';
import type { Visibility } from './visibility.ts';

/**
 * The actor's relation to a resource, from least to most powerful. A member's role comes from the
 * highest access level they hold on the resource's group or any of its ancestors.
 */
export const ROLES = [
  'anonymous',
  'non_member',
  'guest',
  'reporter',
  'developer',
  'maintainer',
  'owner',
  'admin',
] as const;
export type Role = (typeof ROLES)[number];

const rank = (role: Role): number => ROLES.indexOf(role);

export const ACTIONS = [
  'read_group',
  'read_project',
  'read_epic',
  'create_epic',
  'update_epic',
  'admin_epic_relation',
  'destroy_epic',
  'read_issue',
  'create_issue',
  'update_issue',
  'admin_issue',
  'destroy_issue',
  'create_incident',
  'admin_incident_management_timeline_event',
  'upload_issuable_metric_image',
  'mark_issue_for_publication',
  'read_merge_request',
  'create_merge_request_in',
  'update_merge_request',
  'admin_merge_request',
  'approve_merge_request',
  'merge_merge_request',
  'destroy_merge_request',
  'read_environment',
  'admin_environment',
  'read_deployment',
  'create_deployment',
  'update_deployment',
  'destroy_deployment',
  'admin_protected_environment',
  'read_dora4_analytics',
  'read_group_activity_analytics',
  'read_code_review_analytics',
  'read_group_cycle_analytics',
  'admin_value_stream',
  'read_type_of_work_analytics',
  'read_vulnerability',
  'admin_vulnerability',
  'upload_security_report',
  'read_milestone',
  'admin_milestone',
  'read_label',
  'admin_label',
  'create_note',
  'read_internal_note',
  'award_emoji',
  'create_todo',
  'admin_project',
  'admin_group',
  'create_subgroup',
  'create_projects',
] as const;
export type Action = (typeof ACTIONS)[number];

interface Rule {
  /** Least role needed, by the resource's effective visibility. */
  readonly min: Readonly<Record<Visibility, Role>>;
  /** Least role needed when the item is confidential (on top of `min`). */
  readonly confidential?: Role;
  /** The item's author and assignees pass the confidential check (GitLab's rule for issues). */
  readonly authorOrAssigneeSeesConfidential?: boolean;
  /** The item's author may do this with only the visibility minimum (edit your own issue). */
  readonly authorMay?: boolean;
}

const readable = { public: 'anonymous', internal: 'non_member', private: 'guest' } as const;
const signedInReadable = { public: 'non_member', internal: 'non_member', private: 'guest' } as const;
const all = (role: Role) => ({ public: role, internal: role, private: role });

/**
 * The permission policy: roles × actions × visibility × confidentiality, as GitLab grants them.
 * Every service asks `can`; nothing else decides who may do what.
 */
export const POLICY: Readonly<Record<Action, Rule>> = {
  read_group: { min: readable },
  read_project: { min: readable },
  read_epic: { min: readable, confidential: 'reporter' },
  create_epic: { min: all('reporter') },
  update_epic: { min: all('reporter'), confidential: 'reporter' },
  admin_epic_relation: { min: all('reporter'), confidential: 'reporter' },
  destroy_epic: { min: all('owner') },
  read_issue: { min: readable, confidential: 'reporter', authorOrAssigneeSeesConfidential: true },
  create_issue: { min: signedInReadable },
  update_issue: {
    min: all('reporter'),
    confidential: 'reporter',
    authorOrAssigneeSeesConfidential: true,
    authorMay: true,
  },
  // Labels, milestone, assignees, weight, dates, health and confidentiality: the team's, not the
  // author's (GitLab's admin_issue / set_issue_metadata).
  admin_issue: { min: all('reporter'), confidential: 'reporter', authorOrAssigneeSeesConfidential: true },
  destroy_issue: { min: all('owner') },
  // An issue of type incident (GitLab's create_incident): the team's, from Reporter up.
  create_incident: { min: all('reporter') },
  // An incident's timeline events are written by its readers from Developer up (GitLab's
  // IssuablePolicy: read_issue & developer_access); reading them is read_issue.
  admin_incident_management_timeline_event: { min: all('developer'), confidential: 'developer' },
  // An incident's metric images: read with the incident; added, edited and deleted by the team
  // (GitLab's upload/update/destroy_issuable_metric_image: create and update the issue, as a member).
  upload_issuable_metric_image: { min: all('reporter'), confidential: 'reporter' },
  // Publishing an issue on the project's status page, for everyone to read (GitLab's
  // mark_issue_for_publication: the project's owners).
  mark_issue_for_publication: { min: all('owner') },
  read_merge_request: { min: { public: 'anonymous', internal: 'non_member', private: 'reporter' } },
  // Merge requests are the developers': opening, editing, labelling and merging them (GitLab's
  // create_merge_request_in, update_merge_request, admin_merge_request, accept_merge_request on an
  // unprotected target). Their author may edit the title, description and state.
  create_merge_request_in: { min: all('developer') },
  update_merge_request: { min: all('developer'), authorMay: true },
  admin_merge_request: { min: all('developer') },
  approve_merge_request: { min: all('developer') },
  merge_merge_request: { min: all('developer') },
  destroy_merge_request: { min: all('owner') },
  // Environments and deployments, which a CI system reports (GitLab's ProjectPolicy): read where merge
  // requests are read; environments made, edited, stopped and deleted and deployments reported by
  // Developers and up; a deployment deleted, and environments protected, by Maintainers and up.
  read_environment: { min: { public: 'anonymous', internal: 'non_member', private: 'reporter' } },
  admin_environment: { min: all('developer') },
  read_deployment: { min: { public: 'anonymous', internal: 'non_member', private: 'reporter' } },
  create_deployment: { min: all('developer') },
  update_deployment: { min: all('developer') },
  destroy_deployment: { min: all('maintainer') },
  admin_protected_environment: { min: all('maintainer') },
  // The vulnerability report (GitLab's read_vulnerability, admin_vulnerability): Developers read it,
  // Maintainers change states. A report is uploaded as a pipeline would, by a Developer.
  read_vulnerability: { min: all('developer') },
  admin_vulnerability: { min: all('maintainer') },
  upload_security_report: { min: all('developer') },
  // Analytics are the team's, from Reporter up, where the plan has them (licensedFeatures.ts's
  // ACTION_FEATURES): DORA metrics on a project or group, a group's recent activity, a project's
  // code review (GitLab's read_dora4_analytics, read_group_activity_analytics, read_code_review_analytics).
  read_dora4_analytics: { min: all('reporter') },
  read_group_activity_analytics: { min: all('reporter') },
  read_code_review_analytics: { min: all('reporter') },
  // Value stream analytics (GitLab's read_group_cycle_analytics, admin_value_stream,
  // read_type_of_work_analytics): Reporters read them and shape the group's value streams.
  read_group_cycle_analytics: { min: all('reporter') },
  admin_value_stream: { min: all('reporter') },
  read_type_of_work_analytics: { min: all('reporter') },
  read_milestone: { min: readable },
  admin_milestone: { min: all('reporter') },
  read_label: { min: readable },
  admin_label: { min: all('reporter') },
  create_note: { min: signedInReadable, confidential: 'reporter', authorOrAssigneeSeesConfidential: true },
  // Internal notes (GitLab's confidential notes) are for the team: Reporter and above.
  read_internal_note: { min: all('reporter') },
  award_emoji: { min: signedInReadable, confidential: 'reporter', authorOrAssigneeSeesConfidential: true },
  create_todo: { min: signedInReadable, confidential: 'reporter', authorOrAssigneeSeesConfidential: true },
  admin_project: { min: all('maintainer') },
  admin_group: { min: all('owner') },
  // GitLab's defaults: subgroups by Maintainers (subgroup_creation_level), projects by Developers and
  // Maintainers (project_creation_level).
  create_subgroup: { min: all('maintainer') },
  create_projects: { min: all('developer') },
};

export interface PermissionContext {
  readonly visibility: Visibility;
  readonly confidential?: boolean;
  readonly isAuthor?: boolean;
  readonly isAssignee?: boolean;
}

export function can(role: Role, action: Action, context: PermissionContext): boolean {
  if (role === 'admin') return true;
  const rule = POLICY[action];
  const involved = Boolean(context.isAuthor || context.isAssignee);
  let needed = rule.min[context.visibility];
  if (rule.authorMay && context.isAuthor) needed = readable[context.visibility];
  if (context.confidential && rule.confidential) {
    const exempt = rule.authorOrAssigneeSeesConfidential && involved;
    if (!exempt && rank(rule.confidential) > rank(needed)) needed = rule.confidential;
  }
  return rank(role) >= rank(needed);
}

/** The role of a (possibly anonymous) user holding `accessLevel` on the resource's namespace chain. */
export function roleOf(user: { isAdmin: boolean } | null, accessLevel: number): Role {
  if (!user) return 'anonymous';
  if (user.isAdmin) return 'admin';
  if (accessLevel >= AccessLevel.Owner) return 'owner';
  if (accessLevel >= AccessLevel.Maintainer) return 'maintainer';
  if (accessLevel >= AccessLevel.Developer) return 'developer';
  if (accessLevel >= AccessLevel.Reporter) return 'reporter';
  if (accessLevel >= AccessLevel.Guest) return 'guest';
  return 'non_member';
}
