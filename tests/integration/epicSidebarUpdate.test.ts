import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONCURRENT_EDIT_MESSAGE } from '../../src/core/domain/issuableTexts.ts';
import { BACKENDS } from '../helpers/backends.ts';
import {
  createEpic,
  dataOf,
  epicRow,
  NOT_AVAILABLE,
  type Person,
  signedInClients,
} from '../helpers/epicSidebar.ts';
import type { HttpClient } from '../helpers/httpClient.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

/** The sidebar's aliases of updateEpic (GitLab's epic mutations), with every field the widgets read back. */
const UPDATE = `mutation ($input: UpdateEpicInput!) {
  updateEpic(input: $input) {
    clientMutationId
    errors
    epic {
      id confidential color textColor title
      startDate startDateIsFixed startDateFixed startDateFromMilestones
      dueDate dueDateIsFixed dueDateFixed dueDateFromMilestones
      labels { nodes { id title } }
    }
  }
}`;

interface UpdatedEpic {
  id: string;
  confidential: boolean;
  color: string;
  textColor: string;
  title: string;
  startDate: string | null;
  startDateIsFixed: boolean;
  startDateFixed: string | null;
  startDateFromMilestones: string | null;
  dueDate: string | null;
  dueDateIsFixed: boolean;
  dueDateFixed: string | null;
  labels: { nodes: { id: string; title: string }[] };
}

type UpdateResult = {
  updateEpic: { errors: string[]; clientMutationId: string | null; epic: UpdatedEpic | null };
};

describe.each(BACKENDS)('the epic sidebar edits an epic through updateEpic (%s)', (backend) => {
  let server: TestServer;
  let clients: Map<Person | 'anonymous', HttpClient>;
  const as = (person: Person | 'anonymous') => clients.get(person)!;
  const update = (person: Person | 'anonymous', input: Record<string, unknown>) =>
    as(person).graphql<UpdateResult>(UPDATE, { input });
  const labelId = async (groupPath: string, title: string) => {
    const row = await sql<{ id: number }>`
      SELECT l.id FROM labels l JOIN namespaces n ON n.id = l.group_id
      WHERE n.full_path = ${groupPath} AND l.title = ${title}`.execute(server.db);
    return row.rows[0]!.id;
  };

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 60, issues: 300 });
    clients = await signedInClients(server);
  });
  afterAll(() => closeCheckingRollups(server));

  it('fixes a start date, then lets it inherit again, bumping lock_version each time', async () => {
    const found = await sql<{ id: number; iid: number; full_path: string; start_date: string }>`
      SELECT e.id, e.iid, n.full_path, e.start_date FROM epics e JOIN namespaces n ON n.id = e.group_id
      WHERE NOT e.confidential AND NOT e.start_date_is_fixed AND e.start_date IS NOT NULL
        AND n.visibility_level = 20 AND e.start_date_sourcing_milestone_id IS NOT NULL
      ORDER BY e.id LIMIT 1`.execute(server.db);
    const epic = found.rows[0]!;
    const before = await epicRow(server, epic.id);
    const target = { groupPath: epic.full_path, iid: String(epic.iid) };

    const fixed = dataOf(
      await update('reporter', {
        ...target,
        startDateIsFixed: true,
        startDateFixed: '2030-01-15',
        clientMutationId: 'm1',
      }),
    ).updateEpic;
    expect(fixed.errors).toEqual([]);
    expect(fixed.clientMutationId).toBe('m1');
    expect(fixed.epic).toMatchObject({
      startDate: '2030-01-15',
      startDateIsFixed: true,
      startDateFixed: '2030-01-15',
    });
    expect(fixed.epic?.startDateFromMilestones).toBe(epic.start_date);
    expect((await epicRow(server, epic.id)).lock_version).toBe(before.lock_version + 1);

    const inherited = dataOf(await update('reporter', { ...target, startDateIsFixed: false })).updateEpic;
    expect(inherited.errors).toEqual([]);
    // The milestone's date is in use again; the fixed one is kept for the next time it is fixed.
    expect(inherited.epic).toMatchObject({
      startDate: epic.start_date,
      startDateIsFixed: false,
      startDateFixed: '2030-01-15',
    });
    expect((await epicRow(server, epic.id)).lock_version).toBe(before.lock_version + 2);
  });

  it('reschedules on the lockVersion read, refuses a stale one, and the parent inherits the new dates', async () => {
    const parent = await createEpic(as('owner'), 'acme');
    const child = await createEpic(as('owner'), 'acme', { parentId: parent.id });
    const read = await as('reporter').graphql<{ group: { epic: { lockVersion: number } } }>(
      `query ($iid: ID!) { group(fullPath: "acme") { epic(iid: $iid) { lockVersion } } }`,
      { iid: child.iid },
    );
    const lockVersion = dataOf(read).group.epic.lockVersion;
    expect(lockVersion).toBe((await epicRow(server, child.numericId)).lock_version);
    const reschedule = (version: number) =>
      as('reporter').graphql<{
        updateEpic: {
          errors: string[];
          epic: {
            startDate: string;
            dueDate: string;
            lockVersion: number;
            ancestors: { nodes: { id: string; startDate: string; dueDate: string }[] };
          } | null;
        };
      }>(
        `mutation ($input: UpdateEpicInput!) { updateEpic(input: $input) { errors epic {
          startDate dueDate lockVersion ancestors { nodes { id startDate dueDate } } } } }`,
        {
          input: {
            groupPath: 'acme',
            iid: child.iid,
            lockVersion: version,
            startDateIsFixed: true,
            startDateFixed: '2031-02-01',
            dueDateIsFixed: true,
            dueDateFixed: '2031-03-15',
          },
        },
      );
    const moved = dataOf(await reschedule(lockVersion)).updateEpic;
    expect(moved.errors).toEqual([]);
    expect(moved.epic).toMatchObject({
      startDate: '2031-02-01',
      dueDate: '2031-03-15',
      lockVersion: lockVersion + 1,
    });
    // The parent's dates are inherited from its children: the answer carries them already recomputed.
    expect(moved.epic?.ancestors.nodes).toEqual([
      { id: parent.id, startDate: '2031-02-01', dueDate: '2031-03-15' },
    ]);
    const before = await epicRow(server, child.numericId);
    const stale = dataOf(await reschedule(lockVersion)).updateEpic;
    expect(stale).toEqual({ errors: [CONCURRENT_EDIT_MESSAGE], epic: null });
    expect(await epicRow(server, child.numericId)).toEqual(before);
    // The version alone is no change to make.
    const alone = await update('reporter', {
      groupPath: 'acme',
      iid: child.iid,
      lockVersion: lockVersion + 1,
    });
    expect(alone.body.errors?.[0]?.message).toBe('The list of epic attributes is empty');
  });

  it('refuses dates that are not real or out of order in the errors list and changes nothing', async () => {
    const epic = await createEpic(as('owner'), 'acme');
    const target = { groupPath: 'acme', iid: epic.iid };
    expect(
      dataOf(await update('reporter', { ...target, dueDateIsFixed: true, dueDateFixed: '2030-04-01' }))
        .updateEpic.errors,
    ).toEqual([]);
    const before = await epicRow(server, epic.numericId);
    for (const input of [
      { startDateIsFixed: true, startDateFixed: 'not-a-date' },
      { startDateIsFixed: true, startDateFixed: '2030-02-30' },
      { dueDateFixed: '2030-13-01' },
      { startDateIsFixed: true, startDateFixed: '2030-05-01' },
    ]) {
      const result = dataOf(await update('reporter', { ...target, ...input })).updateEpic;
      expect(result.errors.length, JSON.stringify(input)).toBe(1);
      expect(result.epic).toBeNull();
    }
    expect(await epicRow(server, epic.numericId)).toEqual(before);
    // A stored fixed start the epic no longer uses does not block a due date before it.
    await update('reporter', { ...target, startDateIsFixed: true, startDateFixed: '2030-03-01' });
    await update('reporter', { ...target, startDateIsFixed: false });
    const earlier = dataOf(await update('reporter', { ...target, dueDateFixed: '2030-02-01' })).updateEpic;
    expect(earlier.errors).toEqual([]);
    expect(earlier.epic?.dueDate).toBe('2030-02-01');
  });

  it('adds and removes labels by global or plain id, one per scope, and only labels of the group or its ancestors', async () => {
    const epic = await createEpic(as('owner'), 'acme/platform');
    const target = { groupPath: 'acme/platform', iid: epic.iid };
    const [high, low, frontend, platformApi] = await Promise.all([
      labelId('acme', 'priority::high'),
      labelId('acme', 'priority::low'),
      labelId('acme', 'frontend'),
      labelId('acme/platform', 'platform::api'),
    ]);
    const titles = (result: UpdateResult) =>
      result.updateEpic.epic?.labels.nodes.map((label) => label.title).sort();

    const added = dataOf(
      await update('reporter', {
        ...target,
        addLabelIds: [`gid://gitlab/Label/${high}`, String(frontend), `gid://gitlab/Label/${platformApi}`],
      }),
    );
    expect(added.updateEpic.errors).toEqual([]);
    expect(titles(added)).toEqual(['frontend', 'platform::api', 'priority::high']);
    // Another label of the `priority` scope replaces the one the epic had.
    const scoped = dataOf(
      await update('reporter', { ...target, addLabelIds: [`gid://gitlab/Label/${low}`] }),
    );
    expect(titles(scoped)).toEqual(['frontend', 'platform::api', 'priority::low']);
    const removed = dataOf(
      await update('reporter', {
        ...target,
        removeLabelIds: [`gid://gitlab/Label/${frontend}`, String(platformApi)],
      }),
    );
    expect(titles(removed)).toEqual(['priority::low']);

    const before = await epicRow(server, epic.numericId);
    for (const foreign of [
      await labelId('acme/security', 'compliance'),
      await labelId('acme/platform/backend', 'postgres'),
      2_000_000_000,
    ]) {
      const refused = dataOf(
        await update('reporter', { ...target, addLabelIds: [String(foreign), String(high)] }),
      );
      expect(refused.updateEpic.errors).toEqual(['labels not found']);
    }
    expect(await epicRow(server, epic.numericId)).toEqual(before);
    const labels = dataOf(
      await as('reporter').graphql<{ group: { epic: { labels: { nodes: { title: string }[] } } } }>(
        `{ group(fullPath: "acme/platform") { epic(iid: "${epic.iid}") { labels { nodes { title } } } } }`,
      ),
    );
    expect(labels.group.epic.labels.nodes.map((label) => label.title)).toEqual(['priority::low']);
    const wrongType = await update('reporter', { ...target, addLabelIds: ['gid://gitlab/Epic/1'] });
    expect(wrongType.body.errors?.[0]?.message).toBe('gid://gitlab/Epic/1 is not a valid ID for Label.');
  });

  it('sets a colour while epic_color_highlight is on, and refuses one that is not a colour', async () => {
    const epic = await createEpic(as('owner'), 'acme');
    const target = { groupPath: 'acme', iid: epic.iid };
    const coloured = dataOf(await update('reporter', { ...target, color: '#217645' })).updateEpic;
    expect(coloured).toMatchObject({ errors: [], epic: { color: '#217645', textColor: '#FFFFFF' } });
    const refused = dataOf(await update('reporter', { ...target, color: 'blue' })).updateEpic;
    expect(refused.errors).toEqual(['color must be a valid color code']);
    expect((await epicRow(server, epic.numericId)).color).toBe('#217645');
  });

  it("applies GitLab's three confidentiality rules, with their messages, and changes nothing when one fails", async () => {
    const owner = as('owner');
    const setConfidential = async (iid: string, confidential: boolean) =>
      dataOf(await update('reporter', { groupPath: 'acme', iid, confidential })).updateEpic;

    const parent = await createEpic(owner, 'acme');
    await createEpic(owner, 'acme', { parentId: parent.id });
    expect((await setConfidential(parent.iid, true)).errors).toEqual([
      'Cannot make the epic confidential if it contains non-confidential child epics',
    ]);
    expect((await epicRow(server, parent.numericId)).confidential).toBe(false);

    const withIssue = await createEpic(owner, 'acme');
    const issue = await sql<{ id: number }>`
      SELECT i.id FROM issues i JOIN projects p ON p.id = i.project_id
      WHERE NOT i.confidential AND p.visibility_level = 20
        AND NOT EXISTS (SELECT 1 FROM epic_issues ei WHERE ei.issue_id = i.id)
      ORDER BY i.id LIMIT 1`.execute(server.db);
    await server.db
      .insertInto('epic_issues')
      .values({
        root_namespace_id: 1,
        epic_id: withIssue.numericId,
        issue_id: issue.rows[0]!.id,
        relative_position: 0,
      })
      .execute();
    expect((await setConfidential(withIssue.iid, true)).errors).toEqual([
      'Cannot make the epic confidential if it contains non-confidential issues',
    ]);
    expect((await epicRow(server, withIssue.numericId)).confidential).toBe(false);

    const secretParent = await createEpic(owner, 'acme', { confidential: true });
    const secretChild = await createEpic(owner, 'acme', { confidential: true, parentId: secretParent.id });
    const before = await epicRow(server, secretChild.numericId);
    expect((await setConfidential(secretChild.iid, false)).errors).toEqual([
      'A non-confidential epic cannot be assigned to a confidential parent epic',
    ]);
    expect(await epicRow(server, secretChild.numericId)).toEqual(before);

    const lone = await createEpic(owner, 'acme');
    expect(await setConfidential(lone.iid, true)).toMatchObject({ errors: [], epic: { confidential: true } });
    const query = `{ group(fullPath: "acme") { epic(iid: "${lone.iid}") { id } } }`;
    expect(dataOf(await as('guest').graphql<{ group: { epic: unknown } }>(query)).group.epic).toBeNull();
    expect(
      dataOf(await as('reporter').graphql<{ group: { epic: unknown } }>(query)).group.epic,
    ).not.toBeNull();
  });

  it('lets Reporters and above update, and refuses everyone else with a top-level error, changing nothing', async () => {
    const epic = await createEpic(as('owner'), 'acme');
    const secret = await createEpic(as('owner'), 'acme/security');
    for (const person of ['owner', 'reporter', 'developer'] as const) {
      const result = dataOf(
        await update(person, { groupPath: 'acme', iid: epic.iid, title: `Renamed by ${person}` }),
      );
      expect(result.updateEpic).toMatchObject({ errors: [], epic: { title: `Renamed by ${person}` } });
    }
    const before = await epicRow(server, epic.numericId);
    for (const person of ['guest', 'outsider', 'anonymous'] as const) {
      const result = await update(person, { groupPath: 'acme', iid: epic.iid, title: 'Not allowed' });
      expect(result.body.errors?.[0]?.message).toMatch(NOT_AVAILABLE);
      expect(result.body.data?.updateEpic ?? null).toBeNull();
    }
    const hidden = await update('outsider', {
      groupPath: 'acme/security',
      iid: secret.iid,
      title: 'Not allowed',
    });
    expect(hidden.body.errors?.[0]?.message).toMatch(NOT_AVAILABLE);
    expect(await epicRow(server, epic.numericId)).toEqual(before);
    expect((await epicRow(server, secret.numericId)).title).toBe('Sidebar fixture');
  });

  it("answers GitLab's argument error when no attribute is given", async () => {
    const result = await update('reporter', { groupPath: 'acme', iid: '1' });
    expect(result.body.errors?.[0]?.message).toBe('The list of epic attributes is empty');
  });
});

describe.each(BACKENDS)('while epic_color_highlight is off (%s)', (backend) => {
  let server: TestServer;
  let owner: HttpClient;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 10, issues: 20, env: { EPIC_COLOR_HIGHLIGHT: 'off' } });
    owner = (await signedInClients(server)).get('owner')!;
  });
  afterAll(() => server?.close());

  it('drops a colour as GitLab does: alone it leaves nothing to update, with other changes it is ignored', async () => {
    const epic = await createEpic(owner, 'acme');
    const before = await epicRow(server, epic.numericId);
    const alone = await owner.graphql<UpdateResult>(UPDATE, {
      input: { groupPath: 'acme', iid: epic.iid, color: '#217645' },
    });
    expect(alone.body.errors?.[0]?.message).toBe('The list of epic attributes is empty');
    expect(await epicRow(server, epic.numericId)).toEqual(before);

    const mixed = dataOf(
      await owner.graphql<UpdateResult>(UPDATE, {
        input: { groupPath: 'acme', iid: epic.iid, color: '#217645', title: 'Renamed' },
      }),
    ).updateEpic;
    expect(mixed).toMatchObject({ errors: [], epic: { title: 'Renamed', color: before.color } });

    const rest = await owner.request('PUT', `/api/v4/groups/acme/epics/${epic.iid}`, {
      json: { color: '#217645', title: 'Renamed again' },
      headers: { 'x-csrf-token': owner.csrfToken },
    });
    expect(rest.status).toBe(200);
    expect(await rest.json()).toMatchObject({ title: 'Renamed again', color: before.color });
  });

  it('tells the epic page that the colour select is off', async () => {
    const page = await owner.get('/groups/acme/-/epics/1');
    expect(await page.text()).toContain('data-epic-color-highlight="false"');
  });
});
