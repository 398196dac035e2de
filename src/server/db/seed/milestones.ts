import type { Kysely } from 'kysely';
import { DAY_MS, formatDay, formatTimestamp, quarterOf, quarterStart } from '../../../core/time/epochDay.ts';
import type { Database } from '../schema.ts';
import { HALF_SPAN_DAYS } from './calendar.ts';
import { type Organisation, rootIdOfOwner } from './organisation.ts';
import type { Random } from './random.ts';

export interface SeededMilestone {
  readonly id: number;
  readonly groupIndex: number | null;
  readonly projectIndex: number | null;
  readonly startDay: number;
  readonly dueDay: number;
  readonly closed: boolean;
}

export interface SeededMilestones {
  readonly all: readonly SeededMilestone[];
  /** Group milestones an epic of each group can inherit its dates from: those of its group chain. */
  readonly forGroup: readonly (readonly SeededMilestone[])[];
  /** Milestones an issue of each project can have: its group chain's and its own. */
  readonly forProject: readonly (readonly SeededMilestone[])[];
}

/** Sprints per subgroup (by full path) and releases per project (by full path). */
const SUBGROUP_SPRINTS: Readonly<Record<string, number>> = {
  'acme/platform': 4,
  'acme/platform/backend': 2,
  'acme/platform/infrastructure': 1,
  'acme/product': 4,
  'acme/product/web': 2,
  'acme/product/mobile': 2,
  'acme/security': 3,
};
const PROJECT_RELEASES: Readonly<Record<string, number>> = {
  'acme/platform/backend/api': 2,
  'acme/product/web/webapp': 2,
  'acme/product/mobile/ios-app': 2,
  'acme/product/web/design-system/components': 2,
};

interface Draft {
  owner: { groupIndex: number } | { projectIndex: number };
  title: string;
  startDay: number;
  dueDay: number;
}

/**
 * About sixty milestones over the three years around today: quarterly releases and version
 * milestones on the top group, sprints on subgroups, releases on projects; each 2–6 weeks long.
 */
export async function insertMilestones(
  db: Kysely<Database>,
  org: Organisation,
  todayDay: number,
  random: Random,
): Promise<SeededMilestones> {
  const firstDay = todayDay - HALF_SPAN_DAYS;
  const lastDay = todayDay + HALF_SPAN_DAYS;
  const drafts: Draft[] = [];
  const top = { groupIndex: 0 };

  const first = quarterOf(firstDay);
  for (let quarter = first.quarter, year = first.year; quarterStart(year, quarter) <= lastDay; ) {
    const nextYear = quarter === 4 ? year + 1 : year;
    const nextQuarter = quarter === 4 ? 1 : quarter + 1;
    const dueDay = quarterStart(nextYear, nextQuarter) - 1;
    drafts.push({
      owner: top,
      title: `Q${quarter} ${year} release`,
      startDay: dueDay - random.int(14, 42),
      dueDay,
    });
    [quarter, year] = [nextQuarter, nextYear];
  }
  for (let version = 0, startDay = firstDay; startDay < lastDay; version++, startDay += 61) {
    const title = `${16 + Math.floor((version + 4) / 12)}.${(version + 4) % 12}`;
    drafts.push({ owner: top, title, startDay, dueDay: startDay + random.int(21, 35) });
  }
  const spread = (count: number, owner: Draft['owner'], titleOf: (ordinal: number) => string) => {
    const step = (lastDay - firstDay) / count;
    for (let ordinal = 0; ordinal < count; ordinal++) {
      const startDay = Math.round(firstDay + (ordinal + random.next() * 0.5) * step);
      drafts.push({ owner, title: titleOf(ordinal), startDay, dueDay: startDay + random.int(14, 42) });
    }
  };
  for (const group of org.groups) {
    const count = SUBGROUP_SPRINTS[group.fullPath] ?? 0;
    const firstSprint = random.int(20, 60);
    spread(count, { groupIndex: group.index }, (ordinal) => `Sprint ${firstSprint + ordinal * 7}`);
  }
  for (const project of org.projects) {
    const count = PROJECT_RELEASES[project.fullPath] ?? 1;
    const major = random.int(1, 5);
    spread(
      count,
      { projectIndex: project.index },
      (ordinal) => `v${major}.${ordinal * 3 + random.int(0, 2)}`,
    );
  }

  const iids = new Map<string, number>();
  const milestones: SeededMilestone[] = [];
  const rows = drafts.map((draft, index) => {
    const groupIndex = 'groupIndex' in draft.owner ? draft.owner.groupIndex : null;
    const projectIndex = 'projectIndex' in draft.owner ? draft.owner.projectIndex : null;
    const ownerKey = groupIndex === null ? `p${projectIndex}` : `g${groupIndex}`;
    const iid = (iids.get(ownerKey) ?? 0) + 1;
    iids.set(ownerKey, iid);
    const closed = draft.dueDay < todayDay - 7 && random.chance(0.85);
    // Planned ahead: created weeks before it starts, but never after yesterday.
    const createdDay = Math.min(draft.startDay - random.int(14, 60), todayDay - random.int(1, 20));
    const createdMs = Math.max(org.foundedMs, createdDay * DAY_MS) + random.int(0, DAY_MS - 1);
    const updatedMs = Math.max(createdMs, Math.min(draft.dueDay + 1, todayDay - 1) * DAY_MS);
    const milestone = {
      id: index + 1,
      groupIndex,
      projectIndex,
      startDay: draft.startDay,
      dueDay: draft.dueDay,
      closed,
    };
    milestones.push(milestone);
    return {
      id: milestone.id,
      root_namespace_id: rootIdOfOwner(org, groupIndex, projectIndex),
      group_id: groupIndex === null ? null : groupIndex + 1,
      project_id: projectIndex === null ? null : projectIndex + 1,
      iid,
      title: draft.title,
      description: '',
      state: closed ? ('closed' as const) : ('active' as const),
      start_date: formatDay(draft.startDay),
      due_date: formatDay(draft.dueDay),
      created_at: formatTimestamp(createdMs),
      updated_at: formatTimestamp(updatedMs),
    };
  });
  await db.insertInto('milestones').values(rows).execute();
  for (const group of org.groups) {
    const last = iids.get(`g${group.index}`) ?? 0;
    if (last > 0)
      await db
        .updateTable('namespaces')
        .set({ last_milestone_iid: last })
        .where('id', '=', group.id)
        .execute();
  }
  for (const project of org.projects) {
    const last = iids.get(`p${project.index}`) ?? 0;
    if (last > 0)
      await db
        .updateTable('projects')
        .set({ last_milestone_iid: last })
        .where('id', '=', project.id)
        .execute();
  }

  const groupMilestonesOf = (groupIndex: number) =>
    milestones.filter(
      (milestone) =>
        milestone.groupIndex !== null && org.groups[groupIndex]?.chain.includes(milestone.groupIndex),
    );
  return {
    all: milestones,
    forGroup: org.groups.map((group) => groupMilestonesOf(group.index)),
    forProject: org.projects.map((project) => [
      ...groupMilestonesOf(project.groupIndex),
      ...milestones.filter((milestone) => milestone.projectIndex === project.index),
    ]),
  };
}
