import { AccessLevel } from '../../../core/domain/accessLevel.ts';
import { VISIBILITY_LEVEL } from '../../../core/domain/visibility.ts';

/**
 * Who and what the demo organisation is made of. Fixed: only the number of epics and issues varies
 * with the size asked for.
 */

export interface UserSpec {
  readonly username: string;
  readonly name: string;
  readonly isAdmin?: boolean;
}

export const USER_SPECS: readonly UserSpec[] = [
  { username: 'admin', name: 'Ava Adams', isAdmin: true },
  { username: 'owner', name: 'Olivia Owens' },
  { username: 'maintainer', name: 'Mateo Martin' },
  { username: 'developer', name: 'Diego Diaz' },
  { username: 'reporter', name: 'Rita Reyes' },
  { username: 'guest', name: 'Gus Garcia' },
  { username: 'outsider', name: 'Otto Olsen' },
  { username: 'alovelace', name: 'Ada Lovelace' },
  { username: 'ghopper', name: 'Grace Hopper' },
  { username: 'aturing', name: 'Alan Turing' },
  { username: 'kjohnson', name: 'Katherine Johnson' },
  { username: 'edijkstra', name: 'Edsger Dijkstra' },
  { username: 'jvonneumann', name: 'John von Neumann' },
  { username: 'hlamarr', name: 'Hedy Lamarr' },
  { username: 'cshannon', name: 'Claude Shannon' },
  { username: 'dvaughan', name: 'Dorothy Vaughan' },
  { username: 'enoether', name: 'Emmy Noether' },
  { username: 'rfranklin', name: 'Rosalind Franklin' },
  { username: 'mjackson', name: 'Mary Jackson' },
];

/** Usernames of every demo user; all share the password the seed is given. */
export const DEMO_USERS: readonly string[] = USER_SPECS.map((user) => user.username);

export interface GroupSpec {
  readonly fullPath: string;
  readonly name: string;
  readonly visibility: number;
  /** Relative share of the top-level epics that live in this group. */
  readonly epicShare: number;
  /** The owner switched the group's notification emails off (its subgroups' too). */
  readonly emailsDisabled?: boolean;
}

const { public: PUBLIC, internal: INTERNAL, private: PRIVATE } = VISIBILITY_LEVEL;

/** Parents before children; no subgroup is more visible than its parent. */
export const GROUP_SPECS: readonly GroupSpec[] = [
  { fullPath: 'acme', name: 'Acme Corp', visibility: PUBLIC, epicShare: 30 },
  { fullPath: 'acme/platform', name: 'Platform', visibility: PUBLIC, epicShare: 10 },
  { fullPath: 'acme/platform/backend', name: 'Backend', visibility: PUBLIC, epicShare: 10 },
  { fullPath: 'acme/platform/backend/storage', name: 'Storage', visibility: PUBLIC, epicShare: 6 },
  { fullPath: 'acme/platform/infrastructure', name: 'Infrastructure', visibility: INTERNAL, epicShare: 6 },
  { fullPath: 'acme/product', name: 'Product', visibility: PUBLIC, epicShare: 10 },
  { fullPath: 'acme/product/web', name: 'Web', visibility: PUBLIC, epicShare: 8 },
  { fullPath: 'acme/product/web/design-system', name: 'Design System', visibility: PUBLIC, epicShare: 5 },
  // Its epics show the subscription toggle "Disabled by group owner".
  { fullPath: 'acme/product/mobile', name: 'Mobile', visibility: PUBLIC, epicShare: 8, emailsDisabled: true },
  { fullPath: 'acme/security', name: 'Security', visibility: PRIVATE, epicShare: 6 },
  // A team that has just started: its roadmap and epics list show the first-use empty states.
  { fullPath: 'initech', name: 'Initech', visibility: PUBLIC, epicShare: 0 },
  // A group on Free (it has no subscription), where a new user tries the trial: it holds nothing else.
  { fullPath: 'sandbox', name: 'Sandbox', visibility: PUBLIC, epicShare: 0 },
];

/**
 * Where browser and integration tests write, away from acme's roadmap and counts: a group on
 * Ultimate, so it keeps every feature, with the public project `workshop/playground`. Written after
 * the bulk seed (workshop.ts), not among GROUP_SPECS: a group there would shift the random draws
 * behind it, and acme's data must stay what the same seed always gave.
 */
export const WORKSHOP_GROUP: GroupSpec = {
  fullPath: 'workshop',
  name: 'Workshop',
  visibility: PUBLIC,
  epicShare: 0,
};

/** The demo's roles, one person each: what `sandbox`, `workshop` and `portfolio` hold. */
export const DEMO_ROLE_MEMBERSHIPS: readonly (readonly [username: string, level: number])[] = [
  ['owner', AccessLevel.Owner],
  ['maintainer', AccessLevel.Maintainer],
  ['developer', AccessLevel.Developer],
  ['reporter', AccessLevel.Reporter],
  ['guest', AccessLevel.Guest],
];

export interface ProjectSpec {
  readonly groupPath: string;
  readonly path: string;
  readonly name: string;
  readonly visibility: number;
  /** Relative share of the issues filed in this project. */
  readonly issueShare: number;
}

export const PROJECT_SPECS: readonly ProjectSpec[] = [
  { groupPath: 'acme', path: 'handbook', name: 'Handbook', visibility: PUBLIC, issueShare: 4 },
  { groupPath: 'acme/platform/backend', path: 'api', name: 'API', visibility: PUBLIC, issueShare: 22 },
  {
    groupPath: 'acme/platform/backend/storage',
    path: 'object-store',
    name: 'Object Store',
    visibility: PUBLIC,
    issueShare: 10,
  },
  {
    groupPath: 'acme/platform/infrastructure',
    path: 'terraform',
    name: 'Terraform',
    visibility: INTERNAL,
    issueShare: 8,
  },
  { groupPath: 'acme/product/web', path: 'webapp', name: 'Web App', visibility: PUBLIC, issueShare: 22 },
  {
    groupPath: 'acme/product/web/design-system',
    path: 'components',
    name: 'Components',
    visibility: PUBLIC,
    issueShare: 10,
  },
  { groupPath: 'acme/product/mobile', path: 'ios-app', name: 'iOS App', visibility: PUBLIC, issueShare: 16 },
  {
    groupPath: 'acme/security',
    path: 'vault-audit',
    name: 'Vault Audit',
    visibility: PRIVATE,
    issueShare: 8,
  },
];

/** `admin` needs no membership and `outsider` has none; `hlamarr` belongs only to the private group. */
export const MEMBERSHIP_SPECS: readonly (readonly [username: string, groupPath: string, level: number])[] = [
  ['owner', 'acme', AccessLevel.Owner],
  ['maintainer', 'acme', AccessLevel.Maintainer],
  ['developer', 'acme', AccessLevel.Developer],
  ['reporter', 'acme', AccessLevel.Reporter],
  ['guest', 'acme', AccessLevel.Guest],
  ['alovelace', 'acme', AccessLevel.Maintainer],
  ['ghopper', 'acme', AccessLevel.Developer],
  ['mjackson', 'acme', AccessLevel.Developer],
  ['jvonneumann', 'acme', AccessLevel.Reporter],
  ['enoether', 'acme', AccessLevel.Guest],
  ['enoether', 'acme/platform/backend/storage', AccessLevel.Developer],
  ['aturing', 'acme/platform', AccessLevel.Developer],
  ['edijkstra', 'acme/platform/backend', AccessLevel.Developer],
  ['cshannon', 'acme/platform/infrastructure', AccessLevel.Maintainer],
  ['kjohnson', 'acme/product', AccessLevel.Maintainer],
  ['dvaughan', 'acme/product/mobile', AccessLevel.Developer],
  ['rfranklin', 'acme/product/web', AccessLevel.Reporter],
  ['hlamarr', 'acme/security', AccessLevel.Developer],
  ['owner', 'initech', AccessLevel.Owner],
  ['reporter', 'initech', AccessLevel.Reporter],
  ['owner', 'sandbox', AccessLevel.Owner],
  ['maintainer', 'sandbox', AccessLevel.Maintainer],
  ['developer', 'sandbox', AccessLevel.Developer],
  ['reporter', 'sandbox', AccessLevel.Reporter],
  ['guest', 'sandbox', AccessLevel.Guest],
];
