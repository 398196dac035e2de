import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDateOf } from '../../src/core/time/formatting.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { userId } from '../helpers/epicSidebar.ts';
import { groupIds } from '../helpers/epicTree.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';

interface IssueJson {
  id: number;
  iid: number;
  project_id: number;
  title: string;
  state: string;
  confidential: boolean;
  labels: (string | { name: string; color: string })[];
  milestone: { title: string } | null;
  assignees: { username: string }[];
  author: { username: string };
  issue_type: string;
  due_date: string | null;
  weight: number | null;
  references: { short: string; full: string };
  subscribed?: boolean;
}

/** Every fixture title carries this word, which the demo data never uses. */
const WORD = 'Zephyr';
const LAB = '/api/v4/projects/workshop%2Fzephyr-lab/issues';
const FILLERS = 25;

describe.each(BACKENDS)(
  'REST issue lists and single issues, as a GitLab client reads them (%s)',
  (backend) => {
    let server: TestServer;
    const clients = new Map<string, HttpClient>();
    const as = (who: string) => {
      const client = clients.get(who);
      if (!client) throw new Error(`No client for ${who}`);
      return client;
    };
    const list = async (who: string, path: string) => {
      const response = await as(who).json<IssueJson[]>(path);
      expect(response.status).toBe(200);
      return response;
    };
    /** The iids a list answers, in its order. */
    const iids = async (who: string, path: string) => (await list(who, path)).body.map((issue) => issue.iid);
    const today = calendarDateOf(new Date());

    beforeAll(async () => {
      server = await startTestServer({ backend, epics: 20, issues: 60 });
      const workshop = await groupIds(server, 'workshop');
      const users = Object.fromEntries(
        await Promise.all(
          ['owner', 'maintainer', 'developer', 'reporter', 'guest'].map(
            async (name) => [name, await userId(server, name)] as const,
          ),
        ),
      ) as Record<string, number>;
      const project = async (path: string, visibility: number) =>
        (
          await server.db
            .insertInto('projects')
            .values({
              root_namespace_id: workshop.rootId,
              namespace_id: workshop.id,
              path,
              name: path,
              full_path: `workshop/${path}`,
              visibility_level: visibility,
              created_at: new Date(),
              updated_at: new Date(),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const lab = await project('zephyr-lab', 20);
      const vault = await project('zephyr-vault', 0);
      const label = async (title: string) =>
        (
          await server.db
            .insertInto('labels')
            .values({
              root_namespace_id: workshop.rootId,
              group_id: null,
              project_id: lab,
              title,
              color: '#dc143c',
              created_at: new Date(),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const labels = { bug: await label(`${WORD} bug`), feature: await label(`${WORD} feature`) };
      const { id: milestone } = await server.db
        .insertInto('milestones')
        .values({
          root_namespace_id: workshop.rootId,
          group_id: null,
          project_id: lab,
          iid: 1,
          title: `${WORD} v1`,
          start_date: null,
          due_date: null,
          created_at: new Date(),
          updated_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      interface Fixture {
        title: string;
        author: string;
        state?: 'opened' | 'closed';
        confidential?: boolean;
        labels?: number[];
        milestone?: boolean;
        assignee?: string;
        weight?: number;
        dueDate?: string;
        type?: 'issue' | 'incident' | 'task';
        /** Stored health status code: 3 is at risk. */
        health?: number;
        /** An emoji the reporter awarded. */
        reaction?: string;
        description?: string;
      }
      const fixtures: Fixture[] = [
        {
          title: `${WORD} login crash`,
          author: 'owner',
          labels: [labels.bug],
          milestone: true,
          assignee: 'developer',
          weight: 3,
          dueDate: today,
          health: 3,
        },
        {
          title: `${WORD} search feature`,
          author: 'developer',
          state: 'closed',
          labels: [labels.feature],
          type: 'incident',
          description: 'A needle in the description',
          reaction: 'thumbsup',
        },
        { title: `${WORD} guest note`, author: 'guest', confidential: true },
        {
          title: `${WORD} secret plan`,
          author: 'owner',
          confidential: true,
          labels: [labels.bug, labels.feature],
        },
        {
          title: `${WORD} assigned secret`,
          author: 'owner',
          confidential: true,
          assignee: 'guest',
          milestone: true,
        },
        ...Array.from({ length: FILLERS }, (_, index) => ({
          title: `${WORD} filler ${String(index + 1).padStart(2, '0')}`,
          author: 'maintainer',
          weight: 1,
        })),
      ];
      const insertIssue = async (projectId: number, iid: number, fixture: Fixture) => {
        const createdAt = new Date(Date.UTC(2026, 0, iid, 12));
        const { id } = await server.db
          .insertInto('issues')
          .values({
            root_namespace_id: workshop.rootId,
            project_id: projectId,
            iid,
            author_id: users[fixture.author]!,
            title: fixture.title,
            description: fixture.description ?? '',
            state: fixture.state ?? 'opened',
            issue_type: fixture.type ?? 'issue',
            confidential: fixture.confidential ?? false,
            weight: fixture.weight ?? null,
            health_status: fixture.health ?? null,
            milestone_id: fixture.milestone ? milestone : null,
            due_date: fixture.dueDate ?? null,
            relative_position: null,
            created_at: createdAt,
            updated_at: createdAt,
            closed_at: fixture.state === 'closed' ? createdAt : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const labelId of fixture.labels ?? []) {
          await server.db
            .insertInto('label_links')
            .values({
              root_namespace_id: workshop.rootId,
              label_id: labelId,
              target_type: 'Issue',
              target_id: id,
            })
            .execute();
        }
        if (fixture.reaction) {
          await server.db
            .insertInto('award_emoji')
            .values({
              root_namespace_id: workshop.rootId,
              user_id: users.reporter!,
              name: fixture.reaction,
              awardable_type: 'Issue',
              awardable_id: id,
              created_at: new Date(),
            })
            .execute();
        }
        if (fixture.assignee) {
          await server.db
            .insertInto('issue_assignees')
            .values({ root_namespace_id: workshop.rootId, issue_id: id, user_id: users[fixture.assignee]! })
            .execute();
        }
      };
      for (const [index, fixture] of fixtures.entries()) await insertIssue(lab, index + 1, fixture);
      await insertIssue(vault, 1, { title: `${WORD} vault item`, author: 'owner' });
      for (const name of ['owner', 'reporter', 'guest', 'outsider']) {
        clients.set(name, HttpClient.withToken(server.baseUrl, await server.tokenFor(name)));
      }
      clients.set('anonymous', new HttpClient(server.baseUrl));
    });
    afterAll(() => server.close());

    describe('GET /projects/:id/issues', () => {
      it('lists every issue by default, newest first, 20 a page with GitLab pagination headers', async () => {
        const response = await list('reporter', LAB);
        expect(response.body.map((issue) => issue.iid)).toEqual(
          Array.from({ length: 20 }, (_, index) => 30 - index),
        );
        expect(response.headers.get('x-total')).toBe('30');
        expect(response.headers.get('x-total-pages')).toBe('2');
        expect(response.headers.get('x-per-page')).toBe('20');
        expect(response.headers.get('x-page')).toBe('1');
        expect(response.headers.get('x-next-page')).toBe('2');
        expect(response.headers.get('x-prev-page')).toBe('');
        expect(response.headers.get('link')).toContain('page=2&per_page=20>; rel="next"');
        expect(response.body[0]).toMatchObject({
          title: `${WORD} filler 25`,
          state: 'opened',
          author: { username: 'maintainer' },
          references: { short: '#30', full: 'workshop/zephyr-lab#30' },
        });
        expect(response.body[0]).not.toHaveProperty('subscribed');
      });

      it('pages with page and per_page, and caps per_page at 100', async () => {
        const second = await list('reporter', `${LAB}?per_page=7&page=2&sort=asc`);
        expect(second.body.map((issue) => issue.iid)).toEqual([8, 9, 10, 11, 12, 13, 14]);
        expect(second.headers.get('x-total-pages')).toBe('5');
        expect(second.headers.get('x-prev-page')).toBe('1');
        expect(second.headers.get('x-next-page')).toBe('3');
        const last = await list('reporter', `${LAB}?per_page=7&page=5`);
        expect(last.body).toHaveLength(2);
        expect(last.headers.get('x-next-page')).toBe('');
        const capped = await list('reporter', `${LAB}?per_page=1000`);
        expect(capped.headers.get('x-per-page')).toBe('100');
        expect(capped.body).toHaveLength(30);
        const beyond = await list('reporter', `${LAB}?page=9`);
        expect(beyond.body).toEqual([]);
        expect(beyond.headers.get('x-total')).toBe('30');
      });

      it('shows confidential issues to reporters, and to a guest only those they wrote or are assigned', async () => {
        const query = `${LAB}?iids[]=3&iids[]=4&iids[]=5&sort=asc`;
        expect(await iids('reporter', query)).toEqual([3, 4, 5]);
        expect(await iids('owner', query)).toEqual([3, 4, 5]);
        expect(await iids('guest', query)).toEqual([3, 5]);
        expect(await iids('outsider', query)).toEqual([]);
        expect((await list('guest', LAB)).headers.get('x-total')).toBe('29');
        expect((await list('outsider', LAB)).headers.get('x-total')).toBe('27');
      });

      it('answers anonymous callers with the public, non-confidential issues', async () => {
        const response = await list('anonymous', `${LAB}?per_page=100`);
        expect(response.headers.get('x-total')).toBe('27');
        expect(response.body.some((issue) => issue.confidential)).toBe(false);
      });

      it('filters by state, labels, milestone, assignee and author', async () => {
        const all = `${LAB}?per_page=100&sort=asc`;
        expect(await iids('reporter', `${all}&state=closed`)).toEqual([2]);
        expect((await list('reporter', `${all}&state=opened`)).headers.get('x-total')).toBe('29');
        expect((await list('reporter', `${all}&state=all`)).headers.get('x-total')).toBe('30');
        expect(await iids('reporter', `${all}&labels=${WORD}%20bug`)).toEqual([1, 4]);
        expect(await iids('reporter', `${all}&labels=${WORD}%20bug,${WORD}%20feature`)).toEqual([4]);
        expect(await iids('reporter', `${all}&labels=Any`)).toEqual([1, 2, 4]);
        expect((await list('reporter', `${all}&labels=None`)).headers.get('x-total')).toBe('27');
        expect(await iids('reporter', `${all}&milestone=${WORD}%20v1`)).toEqual([1, 5]);
        expect(await iids('reporter', `${all}&milestone=Any`)).toEqual([1, 5]);
        expect((await list('reporter', `${all}&milestone=None`)).headers.get('x-total')).toBe('28');
        expect(await iids('reporter', `${all}&milestone=No%20such%20milestone`)).toEqual([]);
        expect(await iids('reporter', `${all}&assignee_username=developer`)).toEqual([1]);
        const developerId = await userId(server, 'developer');
        expect(await iids('reporter', `${all}&assignee_id=${developerId}`)).toEqual([1]);
        expect(await iids('reporter', `${all}&assignee_id=Any`)).toEqual([1, 5]);
        expect((await list('reporter', `${all}&assignee_id=None`)).headers.get('x-total')).toBe('28');
        expect(await iids('reporter', `${all}&author_username=guest`)).toEqual([3]);
        expect(await iids('reporter', `${all}&author_id=${developerId}`)).toEqual([2]);
        expect(await iids('reporter', `${all}&author_username=nobody-here`)).toEqual([]);
      });

      it('filters by search and in, iids, dates, due date, confidentiality, type and weight', async () => {
        const all = `${LAB}?per_page=100&sort=asc`;
        expect(await iids('reporter', `${all}&search=needle`)).toEqual([2]);
        expect(await iids('reporter', `${all}&search=needle&in=title`)).toEqual([]);
        expect(await iids('reporter', `${all}&search=NEEDLE&in=title,description`)).toEqual([2]);
        expect(await iids('reporter', `${all}&iids=1,2`)).toEqual([1, 2]);
        expect(
          await iids(
            'reporter',
            `${all}&created_after=2026-01-03T12:00:00Z&created_before=2026-01-05T12:00:00Z`,
          ),
        ).toEqual([3, 4, 5]);
        expect(await iids('reporter', `${all}&updated_before=2026-01-02T00:00:00Z`)).toEqual([1]);
        expect(await iids('reporter', `${all}&updated_after=2026-01-30T00:00:00Z`)).toEqual([30]);
        expect(await iids('reporter', `${all}&due_date=today`)).toEqual([1]);
        expect(await iids('reporter', `${all}&due_date=any`)).toEqual([1]);
        expect(await iids('reporter', `${all}&due_date=overdue`)).toEqual([]);
        expect((await list('reporter', `${all}&due_date=0`)).headers.get('x-total')).toBe('29');
        expect(await iids('reporter', `${all}&confidential=true`)).toEqual([3, 4, 5]);
        expect((await list('reporter', `${all}&confidential=false`)).headers.get('x-total')).toBe('27');
        expect(await iids('reporter', `${all}&issue_type=incident`)).toEqual([2]);
        expect(await iids('reporter', `${all}&issue_type=test_case`)).toEqual([]);
        expect(await iids('reporter', `${all}&weight=3`)).toEqual([1]);
        expect(await iids('reporter', `${all}&weight=None`)).toEqual([2, 3, 4, 5]);
      });

      it('filters by not[...], epic, health status and the caller’s reactions', async () => {
        const all = `${LAB}?per_page=100&sort=asc`;
        const nonFiller = `${all}&iids=1,2,3,4,5`;
        expect(await iids('reporter', `${nonFiller}&not[labels]=${WORD}%20bug`)).toEqual([2, 3, 5]);
        expect(await iids('reporter', `${nonFiller}&not[milestone]=${WORD}%20v1`)).toEqual([2, 3, 4]);
        expect(await iids('reporter', `${nonFiller}&not[author_username]=owner`)).toEqual([2, 3]);
        const guestId = await userId(server, 'guest');
        expect(await iids('reporter', `${nonFiller}&not[assignee_id]=${guestId}`)).toEqual([1, 2, 3, 4]);
        expect(await iids('reporter', `${nonFiller}&not[iids][]=1&not[iids][]=2`)).toEqual([3, 4, 5]);
        expect((await list('reporter', `${all}&epic_id=None`)).headers.get('x-total')).toBe('30');
        expect(await iids('reporter', `${all}&epic_id=Any`)).toEqual([]);
        expect(await iids('reporter', `${all}&health_status=at_risk`)).toEqual([1]);
        expect(await iids('reporter', `${all}&health_status=Any`)).toEqual([1]);
        expect(await iids('reporter', `${all}&my_reaction_emoji=thumbsup`)).toEqual([2]);
        expect(await iids('reporter', `${all}&my_reaction_emoji=Any`)).toEqual([2]);
        expect(await iids('owner', `${all}&my_reaction_emoji=Any`)).toEqual([]);
        expect((await list('reporter', `${all}&my_reaction_emoji=None`)).headers.get('x-total')).toBe('29');
        expect(await iids('reporter', `${nonFiller}&not[my_reaction_emoji]=thumbsup`)).toEqual([1, 3, 4, 5]);
        // No issue has an iteration here: None keeps them all, anything else keeps none.
        expect((await list('reporter', `${all}&iteration_id=None`)).headers.get('x-total')).toBe('30');
        expect(await iids('reporter', `${all}&iteration_id=Any`)).toEqual([]);
        expect(await iids('reporter', `${all}&iteration_title=Sprint%201`)).toEqual([]);
      });

      it('orders by title, due date or weight in either direction', async () => {
        const byTitle = await list('reporter', `${LAB}?order_by=title&sort=asc&per_page=3`);
        expect(byTitle.body.map((issue) => issue.title)).toEqual([
          `${WORD} assigned secret`,
          `${WORD} filler 01`,
          `${WORD} filler 02`,
        ]);
        // Issues without a due date come last, whatever the direction.
        expect((await iids('reporter', `${LAB}?order_by=due_date&sort=desc&per_page=1`))[0]).toBe(1);
        expect((await iids('reporter', `${LAB}?order_by=weight&sort=desc&per_page=1`))[0]).toBe(1);
      });

      it('gives labels as objects with with_labels_details', async () => {
        const [issue] = (await list('reporter', `${LAB}?iids[]=1&with_labels_details=true`)).body;
        expect(issue?.labels).toEqual([expect.objectContaining({ name: `${WORD} bug`, color: '#dc143c' })]);
      });
    });

    describe('GET /groups/:id/issues', () => {
      it('lists every readable issue of the group and its projects by default', async () => {
        const path = `/api/v4/groups/workshop/issues?search=${WORD}&per_page=100`;
        expect((await list('reporter', path)).headers.get('x-total')).toBe('31');
        // The guest (a Guest of workshop) also reads the private project's one issue.
        expect((await list('guest', path)).headers.get('x-total')).toBe('30');
        expect((await list('outsider', path)).headers.get('x-total')).toBe('27');
        expect((await list('anonymous', path)).headers.get('x-total')).toBe('27');
        const vault = await list('owner', `${path}&iids[]=1`);
        expect(vault.body.map((issue) => issue.references.full).sort()).toEqual([
          'workshop/zephyr-lab#1',
          'workshop/zephyr-vault#1',
        ]);
      });

      it('includes the issues of subgroups’ projects', async () => {
        const expected = await server.db
          .selectFrom('issues')
          .innerJoin('projects', 'projects.id', 'issues.project_id')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('projects.full_path', 'like', 'acme/%/%')
          .where('projects.visibility_level', '=', 20)
          .where('issues.confidential', '=', false)
          // GitLab's lists leave tasks out unless the type filter asks for them.
          .where('issues.issue_type', '!=', 'task')
          .executeTakeFirstOrThrow();
        expect(Number(expected.count)).toBeGreaterThan(0);
        const response = await list('anonymous', '/api/v4/groups/acme/issues?per_page=1');
        const handbook = await list('anonymous', '/api/v4/projects/acme%2Fhandbook/issues?per_page=1');
        expect(Number(response.headers.get('x-total'))).toBe(
          Number(expected.count) + Number(handbook.headers.get('x-total')),
        );
      });
    });

    describe('GET /issues', () => {
      it('lists the issues the caller created by default, and others by scope', async () => {
        const path = `/api/v4/issues?search=${WORD}&per_page=100&sort=asc`;
        expect((await list('guest', path)).body.map((issue) => issue.references.full)).toEqual([
          'workshop/zephyr-lab#3',
        ]);
        expect(await iids('guest', `${path}&scope=assigned_to_me`)).toEqual([5]);
        expect(await iids('guest', `${path}&scope=assigned-to-me`)).toEqual([5]);
        expect((await list('guest', `${path}&scope=all`)).headers.get('x-total')).toBe('30');
        expect((await list('outsider', `${path}&scope=all`)).headers.get('x-total')).toBe('27');
        expect((await list('owner', `${path}&scope=all`)).headers.get('x-total')).toBe('31');
        const owned = await list('owner', path);
        expect(owned.body.every((issue) => issue.author.username === 'owner')).toBe(true);
        expect(owned.headers.get('x-total')).toBe('4');
      });

      it('refuses anonymous callers with 401', async () => {
        const response = await as('anonymous').json('/api/v4/issues?scope=all');
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ message: '401 Unauthorized' });
      });
    });

    describe('GET /projects/:id/issues/:issue_iid', () => {
      it('answers the issue with subscribed, for its author and for a reporter', async () => {
        const mine = await as('guest').json<IssueJson>(`${LAB}/3`);
        expect(mine.status).toBe(200);
        expect(mine.body).toMatchObject({ iid: 3, confidential: true, subscribed: true });
        const reporter = await as('reporter').json<IssueJson>(`${LAB}/4`);
        expect(reporter.body).toMatchObject({
          iid: 4,
          subscribed: false,
          labels: [`${WORD} bug`, `${WORD} feature`],
        });
        const assigned = await as('guest').json<IssueJson>(`${LAB}/5`);
        expect(assigned.body).toMatchObject({ iid: 5, subscribed: true, milestone: { title: `${WORD} v1` } });
      });

      it('hides confidential issues and private projects behind 404', async () => {
        for (const [who, path, message] of [
          ['guest', `${LAB}/4`, '404 Issue Not Found'],
          ['anonymous', `${LAB}/3`, '404 Issue Not Found'],
          ['reporter', `${LAB}/999`, '404 Issue Not Found'],
          ['outsider', '/api/v4/projects/workshop%2Fzephyr-vault/issues/1', '404 Project Not Found'],
          ['anonymous', '/api/v4/projects/workshop%2Fzephyr-vault/issues/1', '404 Project Not Found'],
        ] as const) {
          const response = await as(who).json(path);
          expect(response.status, `${who} ${path}`).toBe(404);
          expect(response.body).toEqual({ message: message });
        }
        expect((await as('guest').json('/api/v4/projects/workshop%2Fzephyr-vault/issues/1')).status).toBe(
          200,
        );
      });
    });

    describe('bad requests', () => {
      it('answers 404 for a project or group the caller cannot see', async () => {
        for (const [who, path, message] of [
          ['reporter', '/api/v4/projects/nowhere%2Fnothing/issues', '404 Project Not Found'],
          ['reporter', '/api/v4/projects/987654321/issues', '404 Project Not Found'],
          ['anonymous', '/api/v4/projects/workshop%2Fzephyr-vault/issues', '404 Project Not Found'],
          ['outsider', '/api/v4/projects/workshop%2Fzephyr-vault/issues', '404 Project Not Found'],
          ['reporter', '/api/v4/groups/nowhere/issues', '404 Group Not Found'],
          ['outsider', '/api/v4/groups/acme%2Fsecurity/issues', '404 Group Not Found'],
        ] as const) {
          const response = await as(who).json(path);
          expect(response.status, `${who} ${path}`).toBe(404);
          expect(response.body).toEqual({ message });
        }
      });

      it('answers 400 with the parameter at fault', async () => {
        const manyIids = Array.from({ length: 101 }, (_, index) => `iids[]=${index + 1}`).join('&');
        for (const [query, error] of [
          ['state=bogus', 'state does not have a valid value'],
          ['order_by=popularity', 'order_by does not have a valid value'],
          ['sort=sideways', 'sort does not have a valid value'],
          ['scope=everything', 'scope does not have a valid value'],
          ['author_id=1&author_username=owner', 'author_id, author_username are mutually exclusive'],
          ['assignee_id=1&assignee_username=owner', 'assignee_id, assignee_username are mutually exclusive'],
          ['milestone=v1&milestone_id=Any', 'milestone, milestone_id are mutually exclusive'],
          [
            'assignee_username[]=owner&assignee_username[]=guest',
            'assignee_username allows one value, but found 2',
          ],
          ['assignee_id=someone', 'assignee_id is invalid'],
          ['weight=-1', 'weight is invalid'],
          ['due_date=yesterday', 'due_date does not have a valid value'],
          ['in=body', 'in does not have a valid value'],
          ['created_after=not-a-date', 'created_after is invalid'],
          ['confidential=maybe', 'confidential is invalid'],
          ['issue_type=epic', 'issue_type does not have a valid value'],
          ['per_page=0', 'per_page is invalid'],
          ['page=-1', 'page is invalid'],
          ['iids[]=x', 'iids is invalid'],
          ['health_status=fine', 'health_status does not have a valid value'],
          ['not[weight]=1', 'not[weight] is not supported'],
          ['iteration_id=soon', 'iteration_id is invalid'],
          ['iteration_id=1&iteration_title=Sprint', 'iteration_id, iteration_title are mutually exclusive'],
          ['health_status=constructor', 'health_status does not have a valid value'],
          ['epic_id=first', 'epic_id is invalid'],
          [
            'not[author_id]=1&not[author_username]=owner',
            'not[author_id], not[author_username] are mutually exclusive',
          ],
          ['not[assignee_id]=me', 'assignee_id is invalid'],
        ] as const) {
          const response = await as('reporter').json<{ error: string }>(`${LAB}?${query}`);
          expect(response.status, query).toBe(400);
          expect(response.body, query).toEqual({ error });
        }
        for (const query of [manyIids, `search=${'x'.repeat(300)}`]) {
          const response = await as('reporter').json<{ error: string }>(`${LAB}?${query}`);
          expect(response.status).toBe(400);
          expect(response.body.error).toMatch(/iids|search/);
        }
        // Values a database could not hold are refused before any statement, never a 500.
        for (const query of [
          'author_id=2147483648',
          'assignee_id=2147483648',
          'weight=2147483648',
          'iids[]=2147483648',
          'created_after=0000-01-01',
          'updated_before=%2B275760-09-13',
          'labels=a%00b',
          'search=a%00b',
        ]) {
          expect((await as('reporter').get(`${LAB}?${query}`)).status, query).toBe(400);
        }
        const farPage = await list('reporter', `${LAB}?page=2147483647&per_page=100`);
        expect(farPage.body).toEqual([]);
        expect((await as('reporter').get(`${LAB}/2147483648`)).status).toBe(404);
        const badIid = await as('reporter').json(`${LAB}/abc`);
        expect(badIid.status).toBe(400);
        expect(badIid.body).toEqual({ error: 'issue_iid is invalid' });
        // Parameters are checked before the caller is: an anonymous /issues with a bad one is a 400.
        expect((await as('anonymous').json('/api/v4/issues?state=bogus')).status).toBe(400);
      });
    });
  },
);
