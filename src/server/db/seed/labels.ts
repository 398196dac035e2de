import type { Kysely } from 'kysely';
import { labelScope } from '../../../core/domain/labels.ts';
import { DAY_MS, formatTimestamp } from '../../../core/time/epochDay.ts';
import type { Database } from '../schema.ts';
import { type Organisation, rootIdOfOwner } from './organisation.ts';
import type { Random } from './random.ts';

/** Group labels on `acme` (scoped and plain), a few on subgroups and on projects. */
const LABEL_SPECS: readonly (readonly [owner: string, title: string, color: string, description: string])[] =
  [
    ['acme', 'priority::critical', '#dc143c', 'Drop everything else'],
    ['acme', 'priority::high', '#ff0000', 'Next in line'],
    ['acme', 'priority::medium', '#ed9121', ''],
    ['acme', 'priority::low', '#eee600', 'When there is time'],
    ['acme', 'type::feature', '#009966', 'New functionality'],
    ['acme', 'type::bug', '#c21e56', 'Something does not work as documented'],
    ['acme', 'type::maintenance', '#6699cc', 'Upkeep, upgrades, refactoring'],
    ['acme', 'workflow::ready', '#8fbc8f', 'Refined and ready to pick up'],
    ['acme', 'workflow::in dev', '#3cb371', 'Being built'],
    ['acme', 'workflow::review', '#00b140', 'In code review'],
    ['acme', 'workflow::blocked', '#cd5b45', 'Waiting on something outside the team'],
    ['acme', 'severity::1', '#330066', 'Outage or data loss'],
    ['acme', 'severity::2', '#9400d3', 'Major feature unusable'],
    ['acme', 'severity::3', '#e6e6fa', 'Workaround exists'],
    ['acme', 'frontend', '#0000ff', ''],
    ['acme', 'backend', '#36454f', ''],
    ['acme', 'security', '#c21e56', 'Security relevant'],
    ['acme', 'UX', '#cc338b', 'User experience'],
    ['acme', 'performance', '#ed9121', ''],
    ['acme', 'documentation', '#808080', ''],
    ['acme', 'accessibility', '#013220', ''],
    ['acme', 'technical debt', '#c39953', ''],
    ['acme', 'customer', '#f7e7ce', 'Requested by a customer'],
    ['acme', 'quick win', '#8fbc8f', ''],
    ['acme', 'database', '#36454f', ''],
    ['acme/platform', 'platform::api', '#6699cc', ''],
    ['acme/platform', 'platform::infra', '#330066', ''],
    ['acme/platform/backend', 'postgres', '#336791', ''],
    ['acme/platform/backend/storage', 'storage', '#c39953', ''],
    ['acme/product/web', 'design system', '#cc338b', ''],
    ['acme/product/mobile', 'ios', '#808080', ''],
    ['acme/product/mobile', 'android', '#3cb371', ''],
    ['acme/security', 'compliance', '#013220', 'SOC 2 and ISO 27001 evidence'],
    ['acme/security', 'pentest finding', '#dc143c', ''],
    ['acme/platform/backend/api', 'api::v1', '#808080', 'Legacy API'],
    ['acme/platform/backend/api', 'api::v2', '#009966', ''],
    ['acme/product/web/webapp', 'good first issue', '#00b140', 'Small and well described'],
    ['acme/security/vault-audit', 'audit finding', '#9400d3', ''],
  ];

/** The group labels of `workshop` (written with it, workshop.ts): a scoped pair and a few plain ones. */
export const WORKSHOP_LABEL_SPECS: readonly (readonly [title: string, color: string, description: string])[] =
  [
    ['priority::high', '#ff0000', 'Next in line'],
    ['priority::low', '#eee600', 'When there is time'],
    ['frontend', '#0000ff', ''],
    ['backend', '#36454f', ''],
    ['bug', '#c21e56', 'Something does not work as documented'],
  ];

export interface SeededLabels {
  readonly count: number;
  /** Label ids usable on an epic of each group: the labels of the group and its ancestors. */
  readonly forGroup: readonly (readonly number[])[];
  /** Label ids usable on an issue of each project: its group chain's labels and its own. */
  readonly forProject: readonly (readonly number[])[];
  /** The scope of each label id (`priority` for `priority::high`), or null when it is not scoped. */
  readonly scopeOf: readonly (string | null)[];
}

export async function insertLabels(
  db: Kysely<Database>,
  org: Organisation,
  random: Random,
): Promise<SeededLabels> {
  const groupIndexByPath = new Map(org.groups.map((group) => [group.fullPath, group.index]));
  const projectIndexByPath = new Map(org.projects.map((project) => [project.fullPath, project.index]));
  const rows = LABEL_SPECS.map(([owner, title, color, description], index) => {
    const groupIndex = groupIndexByPath.get(owner);
    const projectIndex = projectIndexByPath.get(owner);
    if (groupIndex === undefined && projectIndex === undefined)
      throw new Error(`No group or project '${owner}'`);
    return {
      id: index + 1,
      root_namespace_id: rootIdOfOwner(org, groupIndex, projectIndex),
      group_id: groupIndex === undefined ? null : groupIndex + 1,
      project_id: projectIndex === undefined ? null : projectIndex + 1,
      title,
      color,
      description,
      created_at: formatTimestamp(org.foundedMs + random.int(30, 200) * DAY_MS),
    };
  });
  await db.insertInto('labels').values(rows).execute();
  const groupLabelIds = (groupIndex: number) =>
    rows.filter((row) => row.group_id !== null && org.groups[groupIndex]?.chain.includes(row.group_id - 1));
  return {
    count: rows.length,
    forGroup: org.groups.map((group) => groupLabelIds(group.index).map((row) => row.id)),
    forProject: org.projects.map((project) =>
      [...groupLabelIds(project.groupIndex), ...rows.filter((row) => row.project_id === project.id)].map(
        (row) => row.id,
      ),
    ),
    scopeOf: [null, ...rows.map((row) => labelScope(row.title))],
  };
}

/** How often an item is labelled, and with how many labels. */
export interface LabelPicks {
  readonly chance: number;
  readonly min: number;
  readonly max: number;
}

/** Up to `count` labels from `visible`, at most one per scope (scoped labels exclude each other). */
export function pickLabels(
  random: Random,
  labels: SeededLabels,
  visible: readonly number[],
  count: number,
): number[] {
  const chosen: number[] = [];
  const scopes = new Set<string>();
  for (let attempt = 0; chosen.length < count && attempt < count * 4; attempt++) {
    const labelId = random.pick(visible);
    const scope = labels.scopeOf[labelId] ?? null;
    if (chosen.includes(labelId) || (scope !== null && scopes.has(scope))) continue;
    chosen.push(labelId);
    if (scope !== null) scopes.add(scope);
  }
  return chosen;
}
