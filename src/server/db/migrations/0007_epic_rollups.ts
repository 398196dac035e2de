import { type Kysely, sql } from 'kysely';
import { executeScript } from '../sqlScript.ts';

/**
 * Per-epic rollups: what sits below each epic (descendant epics by state, issues by state with
 * their weights and the health of the open ones), so that a roadmap page reads 50 epics' counts
 * instead of walking their subtrees (issue 15: ~17 ms a page over 1M issues).
 *
 * Counts depend on the viewer: the summary walk skips an epic the viewer may not read, and
 * everything below it, and issues the viewer may not read. So each epic keeps its counts in four
 * tiers, by the least a viewer needs to see an item through that epic:
 *
 *   0  public        anyone (public group or project, not confidential)
 *   1  internal      any signed-in user
 *   2  private       a member of the group or project
 *   3  confidential  a member who sees confidential epics and issues (Reporter and up)
 *
 * An item's tier is the highest tier of the epics on the path from just below the counted epic
 * down to the item (a hidden epic hides its subtree), and of the issue itself. A viewer who sees
 * exactly the groups, projects and confidential items of some tier t in a root namespace is
 * answered by the sum of tiers 0..t; any other viewer is answered by the walk
 * (epicRollupRepository.ts decides).
 *
 * Triggers keep the rollups in the same transaction as every write, so no write path (services,
 * tests' direct SQL, future ones) can forget them: a change adds a delta at one epic and at each of
 * its ancestors, as upserts of `n = n + delta`, never read-modify-write, one per (epic, tier) and
 * statement. Writes that change the shape of the tree (epic rows, issue links, deletes) take the
 * epic-hierarchy advisory lock of the root namespace exclusively, as the services already do first
 * thing (lockEpicHierarchy); issue value changes take it shared. So a move never reads a subtree's
 * rollups while a concurrent issue change is adding to them along the old path, and issue changes
 * do not wait for one another there. A transaction that writes something else first and then
 * changes issues or the tree without that lock can deadlock with one that holds it (both also wait
 * for the data version's row): writers take the lock before their first write.
 *
 * The seed turns them off for its bulk inserts (`plantrack.epic_rollups = 'deferred'`, local to
 * its transaction) and rebuilds once at the end. `epic_rollups_expected` recomputes them from
 * scratch: the backfill below, the seed, `npm run rollups:verify` and the rare writes that
 * re-tier a whole root namespace (a group or project changing visibility, or deleted) use it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await executeScript(
    db,
    `
CREATE TABLE epic_rollups (
  -- No foreign key: a deleted epic's rows must outlive the cascades of its DELETE, until the
  -- statement's trigger has taken them off its ancestors (it then deletes them).
  epic_id integer NOT NULL,
  tier smallint NOT NULL CHECK (tier BETWEEN 0 AND 3),
  root_namespace_id integer NOT NULL,
  opened_epics integer NOT NULL DEFAULT 0,
  closed_epics integer NOT NULL DEFAULT 0,
  opened_issues integer NOT NULL DEFAULT 0,
  closed_issues integer NOT NULL DEFAULT 0,
  opened_issue_weight integer NOT NULL DEFAULT 0,
  closed_issue_weight integer NOT NULL DEFAULT 0,
  issues_on_track integer NOT NULL DEFAULT 0,
  issues_needing_attention integer NOT NULL DEFAULT 0,
  issues_at_risk integer NOT NULL DEFAULT 0,
  PRIMARY KEY (epic_id, tier)
);
CREATE INDEX epic_rollups_root ON epic_rollups (root_namespace_id);

CREATE TYPE epic_rollup_delta AS (
  tier smallint,
  opened_epics integer,
  closed_epics integer,
  opened_issues integer,
  closed_issues integer,
  opened_issue_weight integer,
  closed_issue_weight integer,
  issues_on_track integer,
  issues_needing_attention integer,
  issues_at_risk integer
);
`,
  );
  for (const statement of FUNCTIONS) await sql.raw(statement).execute(db);
  await executeScript(db, TRIGGERS);
  await sql`SELECT epic_rollups_rebuild(root_namespace_id) FROM epics GROUP BY root_namespace_id`.execute(db);
  // PGlite never autovacuums: without statistics the planner guesses hundreds of rows per epic.
  await sql`ANALYZE epic_rollups`.execute(db);
}

/**
 * A statement's rows before and after, side by side per id. Grouped rather than joined: a trigger's
 * plan is cached from its first (small) statement, and a nested loop joining the two transition
 * tables of a statement that changed thousands of rows would be quadratic.
 */
const sides = (before: string, after: string, columns: readonly string[]) => `
  SELECT id, ${columns
    .map(
      (column) => `(array_agg(${column}) FILTER (WHERE earlier))[1] AS old_${column},
    (array_agg(${column}) FILTER (WHERE NOT earlier))[1] AS ${column}`,
    )
    .join(',\n    ')}
  FROM (
    SELECT true AS earlier, id, ${columns.join(', ')} FROM ${before}
    UNION ALL
    SELECT false, id, ${columns.join(', ')} FROM ${after}
  ) rows
  GROUP BY id`;

const ISSUE_SIDES = sides('previous', 'changed', [
  'project_id',
  'confidential',
  'state',
  'weight',
  'health_status',
]);
const ISSUE_CHANGED = `(old_state <> state OR old_weight IS DISTINCT FROM weight
    OR old_health_status IS DISTINCT FROM health_status OR old_confidential <> confidential
    OR old_project_id <> project_id)`;
const LINK_SIDES = sides('removed', 'added', ['epic_id', 'issue_id']);
const LINK_CHANGED = '(old_epic_id <> epic_id OR old_issue_id <> issue_id)';

/** One statement each: the script splitter would cut a body at its inner semicolons. */
const FUNCTIONS = [
  // Keep in step with rollupTierOfLevel (epicRollupRepository.ts), which matches viewers to tiers.
  `CREATE FUNCTION epic_rollup_tier(visibility_level smallint, confidential boolean) RETURNS smallint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE WHEN confidential THEN 3 WHEN visibility_level >= 20 THEN 0 WHEN visibility_level >= 10 THEN 1 ELSE 2 END)::smallint
$$`,

  // An issue's share of its epic's rollups, at the issue's tier (null when its project is gone).
  // No FROM and no sub-select, so that the planner inlines it into the triggers' statements.
  `CREATE FUNCTION epic_rollup_issue(tier smallint, state text, weight integer, health_status smallint, sign integer)
RETURNS epic_rollup_delta LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ROW(
    tier, 0, 0,
    CASE WHEN state = 'opened' THEN sign ELSE 0 END,
    CASE WHEN state = 'opened' THEN 0 ELSE sign END,
    CASE WHEN state = 'opened' THEN sign * coalesce(weight, 0) ELSE 0 END,
    CASE WHEN state = 'opened' THEN 0 ELSE sign * coalesce(weight, 0) END,
    -- GitLab counts the health of open issues only: 1 on track, 2 needs attention, 3 at risk.
    CASE WHEN state = 'opened' AND health_status = 1 THEN sign ELSE 0 END,
    CASE WHEN state = 'opened' AND health_status = 2 THEN sign ELSE 0 END,
    CASE WHEN state = 'opened' AND health_status = 3 THEN sign ELSE 0 END
  )::epic_rollup_delta
$$`,

  // Adds deltas[i] at starts[i] and, raised to the tiers of the epics in between, at each of its
  // ancestors: one upsert per (epic, tier) however many rows a statement changed, since repeated
  // updates of one row in a transaction slow down quadratically. The deltas walk up themselves,
  // summed per start and tier first, one index probe per level: no join between sets whose sizes
  // a cached plan cannot know. The walk stops after 20 levels (the hierarchy allows 7), as the
  // summary walk does, so that a cycle written behind the services' back cannot loop; an epic that
  // is gone (deleted by this statement) adds nothing. Rows are upserted in key order, so that
  // writers adding to the same ancestors lock them in the same order. PL/pgSQL rather than SQL:
  // its plans are cached, a row trigger's call is cheap.
  `CREATE FUNCTION epic_rollups_add(starts integer[], deltas epic_rollup_delta[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  WITH RECURSIVE grouped AS (
    -- unnest, not deltas[i]: a composite array's i-th element is found by walking the ones before.
    SELECT a.start, a.tier,
      sum(a.opened_epics)::integer AS opened_epics,
      sum(a.closed_epics)::integer AS closed_epics,
      sum(a.opened_issues)::integer AS opened_issues,
      sum(a.closed_issues)::integer AS closed_issues,
      sum(a.opened_issue_weight)::integer AS opened_issue_weight,
      sum(a.closed_issue_weight)::integer AS closed_issue_weight,
      sum(a.issues_on_track)::integer AS issues_on_track,
      sum(a.issues_needing_attention)::integer AS issues_needing_attention,
      sum(a.issues_at_risk)::integer AS issues_at_risk
    FROM unnest(starts, deltas) AS a(start, tier, opened_epics, closed_epics, opened_issues, closed_issues,
      opened_issue_weight, closed_issue_weight, issues_on_track, issues_needing_attention, issues_at_risk)
    WHERE a.tier IS NOT NULL
    GROUP BY 1, 2
  ),
  chain(id, parent_id, root_namespace_id, lift, next_lift, depth, tier,
    opened_epics, closed_epics, opened_issues, closed_issues, opened_issue_weight,
    closed_issue_weight, issues_on_track, issues_needing_attention, issues_at_risk) AS (
    SELECT e.id, e.parent_id, e.root_namespace_id, 0::smallint,
      epic_rollup_tier(g.visibility_level, e.confidential), 0, d.tier,
      d.opened_epics, d.closed_epics, d.opened_issues, d.closed_issues, d.opened_issue_weight,
      d.closed_issue_weight, d.issues_on_track, d.issues_needing_attention, d.issues_at_risk
    FROM grouped d JOIN epics e ON e.id = d.start JOIN namespaces g ON g.id = e.group_id
    UNION ALL
    SELECT p.id, p.parent_id, p.root_namespace_id, chain.next_lift,
      greatest(chain.next_lift, epic_rollup_tier(g.visibility_level, p.confidential)), chain.depth + 1,
      chain.tier, chain.opened_epics, chain.closed_epics, chain.opened_issues, chain.closed_issues,
      chain.opened_issue_weight, chain.closed_issue_weight, chain.issues_on_track,
      chain.issues_needing_attention, chain.issues_at_risk
    FROM chain JOIN epics p ON p.id = chain.parent_id JOIN namespaces g ON g.id = p.group_id
    WHERE chain.depth < 20
  )
  INSERT INTO epic_rollups AS r (epic_id, tier, root_namespace_id,
    opened_epics, closed_epics, opened_issues, closed_issues, opened_issue_weight,
    closed_issue_weight, issues_on_track, issues_needing_attention, issues_at_risk)
  SELECT id, greatest(tier, lift), root_namespace_id,
    sum(opened_epics),
    sum(closed_epics),
    sum(opened_issues),
    sum(closed_issues),
    sum(opened_issue_weight),
    sum(closed_issue_weight),
    sum(issues_on_track),
    sum(issues_needing_attention),
    sum(issues_at_risk)
  FROM chain
  GROUP BY id, greatest(tier, lift), root_namespace_id
  HAVING sum(opened_epics) <> 0
    OR sum(closed_epics) <> 0
    OR sum(opened_issues) <> 0
    OR sum(closed_issues) <> 0
    OR sum(opened_issue_weight) <> 0
    OR sum(closed_issue_weight) <> 0
    OR sum(issues_on_track) <> 0
    OR sum(issues_needing_attention) <> 0
    OR sum(issues_at_risk) <> 0
  ORDER BY 1, 2
  ON CONFLICT (epic_id, tier) DO UPDATE SET
    opened_epics = r.opened_epics + excluded.opened_epics,
    closed_epics = r.closed_epics + excluded.closed_epics,
    opened_issues = r.opened_issues + excluded.opened_issues,
    closed_issues = r.closed_issues + excluded.closed_issues,
    opened_issue_weight = r.opened_issue_weight + excluded.opened_issue_weight,
    closed_issue_weight = r.closed_issue_weight + excluded.closed_issue_weight,
    issues_on_track = r.issues_on_track + excluded.issues_on_track,
    issues_needing_attention = r.issues_needing_attention + excluded.issues_needing_attention,
    issues_at_risk = r.issues_at_risk + excluded.issues_at_risk;
END
$$`,

  // The same key as lockEpicHierarchy (epicHierarchyRepository.ts): "EPIC" and the root namespace.
  // Roots in ascending order, so that two writers never wait for each other's second root.
  `CREATE FUNCTION epic_rollups_lock(roots integer[], shared boolean) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  root integer;
BEGIN
  FOR root IN SELECT DISTINCT r FROM unnest(roots) AS r WHERE r IS NOT NULL ORDER BY r LOOP
    IF shared THEN
      PERFORM pg_advisory_xact_lock_shared(1162889539, root);
    ELSE
      PERFORM pg_advisory_xact_lock(1162889539, root);
    END IF;
  END LOOP;
END
$$`,

  // What an epic adds to its parent's rollups: itself and its own rollups, raised to its tier
  // (whoever cannot see it sees nothing below it either).
  `CREATE FUNCTION epic_rollup_epic(epic epics, sign integer) RETURNS epic_rollup_delta[]
LANGUAGE plpgsql STABLE AS $$
DECLARE
  own smallint;
  result epic_rollup_delta[];
BEGIN
  SELECT epic_rollup_tier(g.visibility_level, epic.confidential) INTO own FROM namespaces g WHERE g.id = epic.group_id;
  SELECT array_agg(ROW(
    greatest(below.tier, own),
    sign * below.opened_epics, sign * below.closed_epics, sign * below.opened_issues, sign * below.closed_issues,
    sign * below.opened_issue_weight, sign * below.closed_issue_weight,
    sign * below.issues_on_track, sign * below.issues_needing_attention, sign * below.issues_at_risk
  )::epic_rollup_delta) INTO result
  FROM (
    SELECT r.tier, r.opened_epics, r.closed_epics, r.opened_issues, r.closed_issues, r.opened_issue_weight,
      r.closed_issue_weight, r.issues_on_track, r.issues_needing_attention, r.issues_at_risk
    FROM epic_rollups r WHERE r.epic_id = epic.id
    UNION ALL
    SELECT 0::smallint, CASE WHEN epic.state = 'opened' THEN 1 ELSE 0 END,
      CASE WHEN epic.state = 'opened' THEN 0 ELSE 1 END, 0, 0, 0, 0, 0, 0, 0
  ) below;
  RETURN result;
END
$$`,

  // Every epic's rollups in one root namespace, from the rows alone (no trigger involved).
  `CREATE FUNCTION epic_rollups_expected(of_root integer) RETURNS SETOF epic_rollups
LANGUAGE sql STABLE AS $$
  WITH RECURSIVE nodes AS MATERIALIZED (
    SELECT e.id, e.parent_id, e.state, epic_rollup_tier(g.visibility_level, e.confidential) AS tier
    FROM epics e JOIN namespaces g ON g.id = e.group_id
    WHERE e.root_namespace_id = of_root
  ),
  -- Each epic with each of its ancestors, and the highest tier on the path below the ancestor.
  pairs(ancestor_id, id, path_tier, depth) AS (
    SELECT n.parent_id, n.id, n.tier, 1 FROM nodes n WHERE n.parent_id IS NOT NULL
    UNION ALL
    SELECT a.parent_id, pairs.id, greatest(pairs.path_tier, a.tier), pairs.depth + 1
    FROM pairs JOIN nodes a ON a.id = pairs.ancestor_id
    WHERE a.parent_id IS NOT NULL AND pairs.depth < 20
  ),
  own AS MATERIALIZED (
    SELECT ei.epic_id AS id, epic_rollup_tier(p.visibility_level, i.confidential) AS tier,
      count(*) FILTER (WHERE i.state = 'opened') AS opened_issues,
      count(*) FILTER (WHERE i.state <> 'opened') AS closed_issues,
      coalesce(sum(i.weight) FILTER (WHERE i.state = 'opened'), 0) AS opened_issue_weight,
      coalesce(sum(i.weight) FILTER (WHERE i.state <> 'opened'), 0) AS closed_issue_weight,
      count(*) FILTER (WHERE i.state = 'opened' AND i.health_status = 1) AS issues_on_track,
      count(*) FILTER (WHERE i.state = 'opened' AND i.health_status = 2) AS issues_needing_attention,
      count(*) FILTER (WHERE i.state = 'opened' AND i.health_status = 3) AS issues_at_risk
    FROM epic_issues ei JOIN issues i ON i.id = ei.issue_id JOIN projects p ON p.id = i.project_id
    WHERE ei.root_namespace_id = of_root
    GROUP BY ei.epic_id, 2
  ),
  contributions AS (
    SELECT pairs.ancestor_id AS epic_id, pairs.path_tier AS tier,
      count(*) FILTER (WHERE n.state = 'opened') AS opened_epics,
      count(*) FILTER (WHERE n.state <> 'opened') AS closed_epics,
      0 AS opened_issues, 0 AS closed_issues, 0 AS opened_issue_weight, 0 AS closed_issue_weight,
      0 AS issues_on_track, 0 AS issues_needing_attention, 0 AS issues_at_risk
    FROM pairs JOIN nodes n ON n.id = pairs.id
    GROUP BY 1, 2
    UNION ALL
    SELECT own.id, own.tier, 0, 0, own.opened_issues, own.closed_issues, own.opened_issue_weight,
      own.closed_issue_weight, own.issues_on_track, own.issues_needing_attention, own.issues_at_risk
    FROM own
    UNION ALL
    SELECT pairs.ancestor_id, greatest(pairs.path_tier, own.tier), 0, 0, own.opened_issues, own.closed_issues,
      own.opened_issue_weight, own.closed_issue_weight, own.issues_on_track, own.issues_needing_attention,
      own.issues_at_risk
    FROM pairs JOIN own ON own.id = pairs.id
  )
  SELECT epic_id, tier::smallint, of_root,
    sum(opened_epics)::integer, sum(closed_epics)::integer, sum(opened_issues)::integer, sum(closed_issues)::integer,
    sum(opened_issue_weight)::integer, sum(closed_issue_weight)::integer,
    sum(issues_on_track)::integer, sum(issues_needing_attention)::integer, sum(issues_at_risk)::integer
  FROM contributions
  GROUP BY epic_id, tier
  HAVING sum(opened_epics) <> 0 OR sum(closed_epics) <> 0 OR sum(opened_issues) <> 0 OR sum(closed_issues) <> 0
    OR sum(opened_issue_weight) <> 0 OR sum(closed_issue_weight) <> 0
    OR sum(issues_on_track) <> 0 OR sum(issues_needing_attention) <> 0 OR sum(issues_at_risk) <> 0
$$`,

  `CREATE FUNCTION epic_rollups_rebuild(of_root integer) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM epic_rollups WHERE root_namespace_id = of_root;
  INSERT INTO epic_rollups SELECT * FROM epic_rollups_expected(of_root);
$$`,

  // Row by row, BEFORE UPDATE: each row of a statement that changes several epics of one chain
  // then sees the rows before it changed and those after it not yet, as if they were written one
  // by one (statements that change many epics are rare). AFTER INSERT, so that a statement
  // inserting parents and children together finds the whole chain.
  `CREATE FUNCTION epic_rollups_on_epic() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas epic_rollup_delta[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM epic_rollups_lock(ARRAY[NEW.root_namespace_id], false);
    deltas := epic_rollup_epic(NEW, 1);
    PERFORM epic_rollups_add(array_fill(NEW.parent_id, ARRAY[cardinality(deltas)]), deltas);
    RETURN NULL;
  END IF;
  PERFORM epic_rollups_lock(ARRAY[OLD.root_namespace_id], false);
  IF OLD.parent_id IS NOT NULL THEN
    deltas := epic_rollup_epic(OLD, -1);
    PERFORM epic_rollups_add(array_fill(OLD.parent_id, ARRAY[cardinality(deltas)]), deltas);
  END IF;
  IF NEW.parent_id IS NOT NULL THEN
    deltas := epic_rollup_epic(NEW, 1);
    PERFORM epic_rollups_add(array_fill(NEW.parent_id, ARRAY[cardinality(deltas)]), deltas);
  END IF;
  RETURN NEW;
END
$$`,

  // Once per statement, after the cascades: each deleted epic whose parent stays takes itself and
  // its rollups off its ancestors (the rest of the deleted subtree is in those rollups), then the
  // deleted epics' rows go. Children left behind were detached by the cascade, and their links'
  // and children's triggers found no deleted epic to subtract from.
  `CREATE FUNCTION epic_rollups_on_epics_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  starts integer[];
  deltas epic_rollup_delta[];
BEGIN
  PERFORM epic_rollups_lock(array_agg(DISTINCT root_namespace_id), false) FROM gone;
  -- Planned afresh each time (EXECUTE): a plan cached from a one-epic delete would compare a
  -- subtree's thousands of epics with each other in a nested loop.
  EXECUTE 'SELECT array_agg(top.parent_id), array_agg(top.deltas[i])
    FROM (
      SELECT g.parent_id, epic_rollup_epic(g, -1) AS deltas FROM gone g
      WHERE g.parent_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM gone p WHERE p.id = g.parent_id)
    ) top CROSS JOIN LATERAL generate_subscripts(top.deltas, 1) AS i' INTO starts, deltas;
  IF starts IS NOT NULL THEN
    PERFORM epic_rollups_add(starts, deltas);
  END IF;
  DELETE FROM epic_rollups WHERE epic_id IN (SELECT id FROM gone);
  RETURN NULL;
END
$$`,

  // Once per statement: the issues whose counted columns changed, their old share off their epic's
  // chain and their new one on. Value changes only, so the lock is shared: issue writers never
  // wait for one another, only for a change of the tree's shape.
  `CREATE FUNCTION epic_rollups_on_issues_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  starts integer[];
  deltas epic_rollup_delta[];
BEGIN
  -- Most updates change none of the counted columns (titles, positions): no lock for them.
  IF NOT EXISTS (SELECT 1 FROM (${ISSUE_SIDES}) sides WHERE ${ISSUE_CHANGED}) THEN
    RETURN NULL;
  END IF;
  PERFORM epic_rollups_lock(array_agg(DISTINCT root_namespace_id), true) FROM changed;
  WITH moved AS (
    SELECT l.epic_id, sides.* FROM (${ISSUE_SIDES}) sides JOIN epic_issues l ON l.issue_id = sides.id
    WHERE ${ISSUE_CHANGED}
  )
  SELECT array_agg(start), array_agg(delta) INTO starts, deltas FROM (
    SELECT m.epic_id AS start, epic_rollup_issue(epic_rollup_tier(p.visibility_level, m.old_confidential),
      m.old_state, m.old_weight, m.old_health_status, -1) AS delta
    FROM moved m JOIN projects p ON p.id = m.old_project_id
    UNION ALL
    SELECT m.epic_id, epic_rollup_issue(epic_rollup_tier(p.visibility_level, m.confidential),
      m.state, m.weight, m.health_status, 1)
    FROM moved m JOIN projects p ON p.id = m.project_id
  ) both_sides;
  IF starts IS NOT NULL THEN
    PERFORM epic_rollups_add(starts, deltas);
  END IF;
  RETURN NULL;
END
$$`,

  // Row by row, BEFORE DELETE, while the issue's link still says where it was counted (the link's
  // own trigger, run by the cascade, then finds no issue). Inside a cascade (a project deleted) it
  // leaves the work to the project's trigger, which rebuilds the root namespace afterwards.
  `CREATE FUNCTION epic_rollups_on_issue_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  starts integer[];
  deltas epic_rollup_delta[];
BEGIN
  IF pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  PERFORM epic_rollups_lock(ARRAY[OLD.root_namespace_id], false);
  SELECT array_agg(l.epic_id), array_agg(epic_rollup_issue(epic_rollup_tier(p.visibility_level, OLD.confidential),
      OLD.state, OLD.weight, OLD.health_status, -1))
    INTO starts, deltas
    FROM epic_issues l JOIN projects p ON p.id = OLD.project_id
    WHERE l.issue_id = OLD.id;
  IF starts IS NOT NULL THEN
    PERFORM epic_rollups_add(starts, deltas);
  END IF;
  RETURN OLD;
END
$$`,

  // Once per statement: links added, removed or moved to another epic (or issue). Links of an
  // epic deleted by this statement add nothing: its ancestors lost its whole rollups already.
  `CREATE FUNCTION epic_rollups_on_links() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  starts integer[];
  deltas epic_rollup_delta[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM epic_rollups_lock(array_agg(DISTINCT root_namespace_id), false) FROM added;
    SELECT array_agg(a.epic_id), array_agg(epic_rollup_issue(epic_rollup_tier(p.visibility_level, i.confidential),
        i.state, i.weight, i.health_status, 1))
      INTO starts, deltas
      FROM added a JOIN issues i ON i.id = a.issue_id JOIN projects p ON p.id = i.project_id;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM epic_rollups_lock(array_agg(DISTINCT root_namespace_id), false) FROM removed;
    SELECT array_agg(r.epic_id), array_agg(epic_rollup_issue(epic_rollup_tier(p.visibility_level, i.confidential),
        i.state, i.weight, i.health_status, -1))
      INTO starts, deltas
      FROM removed r JOIN epics e ON e.id = r.epic_id JOIN issues i ON i.id = r.issue_id
      JOIN projects p ON p.id = i.project_id;
  ELSE
    -- Positions change far more often than epics: no lock for them.
    IF NOT EXISTS (SELECT 1 FROM (${LINK_SIDES}) sides WHERE ${LINK_CHANGED}) THEN
      RETURN NULL;
    END IF;
    PERFORM epic_rollups_lock(array_agg(DISTINCT root_namespace_id), false) FROM added;
    WITH moved AS (SELECT * FROM (${LINK_SIDES}) sides WHERE ${LINK_CHANGED})
    SELECT array_agg(start), array_agg(delta) INTO starts, deltas FROM (
      SELECT m.old_epic_id AS start, epic_rollup_issue(epic_rollup_tier(p.visibility_level, i.confidential),
        i.state, i.weight, i.health_status, -1) AS delta
      FROM moved m JOIN issues i ON i.id = m.old_issue_id JOIN projects p ON p.id = i.project_id
      UNION ALL
      SELECT m.epic_id, epic_rollup_issue(epic_rollup_tier(p.visibility_level, i.confidential),
        i.state, i.weight, i.health_status, 1)
      FROM moved m JOIN issues i ON i.id = m.issue_id JOIN projects p ON p.id = i.project_id
    ) both_sides;
  END IF;
  IF starts IS NOT NULL THEN
    PERFORM epic_rollups_add(starts, deltas);
  END IF;
  RETURN NULL;
END
$$`,

  // A group or project that changes visibility (or goes) re-tiers everything of it: rebuilt whole,
  // after the row's cascades (triggers fire by name; the foreign keys' "RI_…" sort first).
  `CREATE FUNCTION epic_rollups_on_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM epic_rollups_lock(ARRAY[OLD.root_namespace_id], false);
  PERFORM epic_rollups_rebuild(OLD.root_namespace_id);
  RETURN NULL;
END
$$`,
];

const ACTIVE = `current_setting('plantrack.epic_rollups', true) IS DISTINCT FROM 'deferred'`;

/**
 * Triggers of one event fire in name order. `<table>_apply_rollups_*` sort before migration 0003's
 * `<table>_bump_data_version`, so a statement takes the advisory lock before the data version's
 * row lock, as the services do (lockEpicHierarchy first): the other order would let a writer
 * holding one wait for a writer holding the other. On namespaces and projects they sort after the
 * foreign keys' "RI_ConstraintTrigger_…", so the rebuild comes after the cascades.
 */
const TRIGGERS = `
CREATE TRIGGER epics_apply_rollups_insert AFTER INSERT ON epics
  FOR EACH ROW WHEN (NEW.parent_id IS NOT NULL AND ${ACTIVE})
  EXECUTE FUNCTION epic_rollups_on_epic();
CREATE TRIGGER epics_apply_rollups_update BEFORE UPDATE OF parent_id, state, confidential, group_id ON epics
  FOR EACH ROW WHEN ((OLD.parent_id IS DISTINCT FROM NEW.parent_id OR OLD.state <> NEW.state
    OR OLD.confidential <> NEW.confidential OR OLD.group_id <> NEW.group_id) AND ${ACTIVE})
  EXECUTE FUNCTION epic_rollups_on_epic();
CREATE TRIGGER epics_apply_rollups_delete AFTER DELETE ON epics
  REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT WHEN (${ACTIVE})
  EXECUTE FUNCTION epic_rollups_on_epics_deleted();
CREATE TRIGGER issues_apply_rollups_update AFTER UPDATE ON issues
  REFERENCING OLD TABLE AS previous NEW TABLE AS changed
  FOR EACH STATEMENT WHEN (${ACTIVE})
  EXECUTE FUNCTION epic_rollups_on_issues_changed();
CREATE TRIGGER issues_apply_rollups_delete BEFORE DELETE ON issues
  FOR EACH ROW WHEN (${ACTIVE})
  EXECUTE FUNCTION epic_rollups_on_issue_deleted();
CREATE TRIGGER epic_issues_apply_rollups_insert AFTER INSERT ON epic_issues
  REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT WHEN (${ACTIVE})
  EXECUTE FUNCTION epic_rollups_on_links();
CREATE TRIGGER epic_issues_apply_rollups_delete AFTER DELETE ON epic_issues
  REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT WHEN (${ACTIVE})
  EXECUTE FUNCTION epic_rollups_on_links();
CREATE TRIGGER epic_issues_apply_rollups_update AFTER UPDATE ON epic_issues
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT WHEN (${ACTIVE})
  EXECUTE FUNCTION epic_rollups_on_links();
CREATE TRIGGER namespaces_apply_rollups_update AFTER UPDATE OF visibility_level ON namespaces
  FOR EACH ROW WHEN (OLD.visibility_level <> NEW.visibility_level AND ${ACTIVE})
  EXECUTE FUNCTION epic_rollups_on_owner();
CREATE TRIGGER namespaces_apply_rollups_delete AFTER DELETE ON namespaces
  FOR EACH ROW WHEN (${ACTIVE})
  EXECUTE FUNCTION epic_rollups_on_owner();
CREATE TRIGGER projects_apply_rollups_update AFTER UPDATE OF visibility_level ON projects
  FOR EACH ROW WHEN (OLD.visibility_level <> NEW.visibility_level AND ${ACTIVE})
  EXECUTE FUNCTION epic_rollups_on_owner();
CREATE TRIGGER projects_apply_rollups_delete AFTER DELETE ON projects
  FOR EACH ROW WHEN (${ACTIVE})
  EXECUTE FUNCTION epic_rollups_on_owner();
`;
