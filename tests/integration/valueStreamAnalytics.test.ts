/**
 * Value stream analytics over GitLab's JSON routes: who may read and shape value streams, GitLab's
 * shapes and refusals, and every figure (median, count, daily averages, records, overview, type of
 * work) checked against a plain loop over the rows, from both backends — the direct queries and the
 * aggregated stage-events table the triggers keep current — before and after the work changes.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { SHA } from '../helpers/deployments.ts';
import { userId } from '../helpers/epicSidebar.ts';
import { startTestServer, type TestServer } from '../helpers/testServer.ts';
import {
  dailyAverages,
  type ExpectedFilters,
  type ExpectedStage,
  expectedRows,
  median,
  readVsaFacts,
  type VsaFacts,
} from '../helpers/valueStreams.ts';

type Who = 'owner' | 'developer' | 'reporter' | 'guest' | 'anonymous';
const PEOPLE = ['owner', 'developer', 'reporter', 'guest'] as const;
const ASKED_AT = '2026-06-15T12:00:00.000Z';
const RANGE = 'created_after=2026-05-01&created_before=2026-06-15';
const SINCE = new Date('2026-05-01T00:00:00.000Z');
const UNTIL = new Date('2026-06-16T00:00:00.000Z');

interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}
interface StageJson {
  id: number;
  name: string;
  custom: boolean;
  hidden: boolean;
  recorded: boolean;
  start_event_identifier: string;
  end_event_identifier: string;
  start_event_label_id: number | null;
  end_event_label_id: number | null;
}
interface StreamJson {
  id: number;
  name: string;
  is_custom: boolean;
  stages: StageJson[];
}

describe.each(BACKENDS)('value stream analytics (%s)', (backend) => {
  let server: TestServer;
  let clockMs = Date.parse(ASKED_AT);
  const setClock = (iso: string) => {
    clockMs = Date.parse(iso);
  };
  const tokens = new Map<Who, string>();
  const ids: Record<string, number> = {};
  const LAB = 'workshop/vsa-lab';
  const FLOW = `${LAB}/flow`;
  const base = `/groups/${LAB}/-/analytics/value_stream_analytics`;
  const project = `/api/v4/projects/${encodeURIComponent(FLOW)}`;

  async function call(who: Who, method: string, path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = {};
    const token = tokens.get(who);
    if (token) headers['private-token'] = token;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(new URL(path, server.baseUrl), {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  }
  async function expectStatus<T>(who: Who, method: string, path: string, status: number, body?: unknown) {
    const answer = await call(who, method, path, body);
    expect({ method, path, status: answer.status, body: answer.body }).toMatchObject({ status });
    return answer.body as T;
  }
  const get = <T>(path: string, who: Who = 'reporter') => expectStatus<T>(who, 'GET', path, 200);

  /** Sets what a trigger stamped with the database's clock to the suite's instant. */
  async function stamp(table: 'issues' | 'merge_requests', id: number, column: string, iso: string) {
    await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${iso} WHERE id = ${id}`.execute(server.db);
  }
  async function stampLatestLabelEvent(issueId: number, iso: string) {
    await sql`UPDATE resource_label_events SET created_at = ${iso}
      WHERE id = (SELECT max(id) FROM resource_label_events WHERE issue_id = ${issueId})`.execute(server.db);
  }
  async function issue(
    title: string,
    at: string,
    fields: Record<string, unknown> = {},
    who: Who = 'developer',
  ) {
    setClock(at);
    return expectStatus<{ id: number; iid: number }>(who, 'POST', `${project}/issues`, 201, {
      title,
      ...fields,
    });
  }
  async function updateIssue(iid: number, at: string, fields: Record<string, unknown>) {
    setClock(at);
    return expectStatus('developer', 'PUT', `${project}/issues/${iid}`, 200, fields);
  }
  async function mergeRequest(branch: string, at: string, description = '') {
    setClock(at);
    return expectStatus<{ id: number; iid: number }>('developer', 'POST', `${project}/merge_requests`, 201, {
      title: `Work on ${branch}`,
      source_branch: branch,
      target_branch: 'main',
      description,
    });
  }
  async function merge(iid: number, at: string) {
    setClock(at);
    await expectStatus('developer', 'PUT', `${project}/merge_requests/${iid}/merge`, 200);
  }
  let deployments = 0;
  async function deploy(at: string) {
    setClock(at);
    deployments++;
    await expectStatus('developer', 'POST', `${project}/deployments`, 201, {
      environment: 'production',
      sha: SHA(deployments.toString(16)),
      ref: 'main',
      tag: false,
      status: 'success',
    });
  }

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 20, issues: 40, now: () => new Date(clockMs++) });
    for (const person of PEOPLE) {
      tokens.set(person, await server.tokenFor(person));
      ids[person] = await userId(server, person);
    }
    const workshop = await server.db
      .selectFrom('namespaces')
      .select('id')
      .where('full_path', '=', 'workshop')
      .executeTakeFirstOrThrow();
    setClock('2026-04-01T08:00:00.000Z');
    const lab = await expectStatus<{ id: number }>('owner', 'POST', '/api/v4/groups', 201, {
      name: 'VSA Lab',
      path: 'vsa-lab',
      parent_id: workshop.id,
      visibility: 'private',
    });
    ids.lab = lab.id;
    await expectStatus('owner', 'POST', '/api/v4/projects', 201, {
      name: 'flow',
      path: 'flow',
      namespace_id: lab.id,
      visibility: 'private',
    });
    for (const [title, color] of [
      ['workflow::in dev', '#1f75cb'],
      ['defect', '#dc143c'],
    ] as const) {
      const label = await expectStatus<{ id: number }>(
        'owner',
        'POST',
        `/api/v4/groups/${lab.id}/labels`,
        201,
        {
          name: title,
          color,
        },
      );
      ids[title] = label.id;
    }
    // The REST API makes no group milestones: the lab's one is written as the demo writes its own.
    const milestone = await server.db
      .insertInto('milestones')
      .values({ root_namespace_id: workshop.id, group_id: lab.id, iid: 1, title: 'Sprint 1' })
      .returning(['id', 'title'])
      .executeTakeFirstOrThrow();
    ids.milestone = milestone.id;

    const a = await issue('Issue A', '2026-05-01T09:00:00.000Z', {
      milestone_id: milestone.id,
      assignee_ids: [ids.developer],
    });
    await stamp('issues', a.id, 'first_associated_with_milestone_at', '2026-05-03T09:00:00.000Z');
    await stamp('issues', a.id, 'first_assigned_at', '2026-05-04T09:00:00.000Z');
    await updateIssue(a.iid, '2026-05-02T09:00:00.000Z', { add_labels: 'workflow::in dev' });
    await stampLatestLabelEvent(a.id, '2026-05-02T09:00:00.000Z');
    const b = await issue('Issue B', '2026-05-05T10:00:00.000Z', { milestone_id: milestone.id });
    await stamp('issues', b.id, 'first_associated_with_milestone_at', '2026-05-06T16:00:00.000Z');
    await updateIssue(b.iid, '2026-05-07T10:00:00.000Z', { add_labels: 'workflow::in dev' });
    await stampLatestLabelEvent(b.id, '2026-05-07T10:00:00.000Z');
    await updateIssue(b.iid, '2026-05-08T12:00:00.000Z', { remove_labels: 'workflow::in dev' });
    await stampLatestLabelEvent(b.id, '2026-05-08T12:00:00.000Z');
    await updateIssue(b.iid, '2026-05-20T10:00:00.000Z', { state_event: 'close' });
    const c = await issue('Issue C', '2026-05-12T10:00:00.000Z', { labels: 'defect' });
    await stampLatestLabelEvent(c.id, '2026-05-12T10:00:00.000Z');
    ids.issueC = c.iid;
    const d = await issue(
      'Issue D',
      '2026-05-15T10:00:00.000Z',
      { milestone_id: milestone.id, labels: 'defect' },
      'reporter',
    );
    await stampLatestLabelEvent(d.id, '2026-05-15T10:00:00.000Z');
    await stamp('issues', d.id, 'first_associated_with_milestone_at', '2026-05-25T10:00:00.000Z');
    await updateIssue(d.iid, '2026-06-01T10:00:00.000Z', { state_event: 'close' });

    const one = await mergeRequest('one', '2026-05-02T10:00:00.000Z', `Closes #${a.iid}`);
    await merge(one.iid, '2026-05-03T10:00:00.000Z');
    await deploy('2026-05-04T10:00:00.000Z');
    await updateIssue(a.iid, '2026-05-10T09:00:00.000Z', { state_event: 'close' });
    const two = await mergeRequest('two', '2026-05-10T10:00:00.000Z');
    await merge(two.iid, '2026-05-12T16:00:00.000Z');
    const three = await mergeRequest('three', '2026-05-20T10:00:00.000Z');
    setClock('2026-05-22T10:00:00.000Z');
    await expectStatus('developer', 'PUT', `${project}/merge_requests/${three.iid}`, 200, {
      state_event: 'close',
    });
    const four = await mergeRequest('four', '2026-05-25T10:00:00.000Z');
    ids.mrFour = four.iid;
    setClock(ASKED_AT);
  });
  afterAll(() => server.close());

  it('is for Reporters and up of a group whose plan has it, in GitLab’s words', async () => {
    await expectStatus('anonymous', 'GET', `${base}/value_streams`, 401);
    await expectStatus('guest', 'GET', `${base}/value_streams`, 403);
    await expectStatus(
      'reporter',
      'GET',
      `/groups/workshop/nope/-/analytics/value_stream_analytics/value_streams`,
      404,
    );
    const free = await call(
      'owner',
      'GET',
      '/groups/sandbox/-/analytics/value_stream_analytics/value_streams',
    );
    expect(free).toMatchObject({
      status: 403,
      body: {
        message:
          '403 Forbidden - Value stream analytics are not available on the Free plan. Upgrade the top-level group to Premium or Ultimate.',
      },
    });
    await expectStatus('reporter', 'PUT', `${base}/use_aggregated_backend`, 200, { enabled: true });
    await expectStatus('guest', 'PUT', `${base}/use_aggregated_backend`, 403, { enabled: false });
  });

  it('gives every group a default value stream with GitLab’s default stages and the recorded events', async () => {
    const streams = await get<StreamJson[]>(`${base}/value_streams`);
    expect(streams).toHaveLength(1);
    const [stream] = streams;
    expect(stream).toMatchObject({ name: 'Default', is_custom: false });
    expect(
      stream!.stages.map((stage) => [
        stage.name,
        stage.start_event_identifier,
        stage.end_event_identifier,
        stage.recorded,
      ]),
    ).toEqual([
      ['Issue', 'issue_created', 'issue_stage_end', true],
      ['Plan', 'plan_stage_start', 'issue_first_mentioned_in_commit', false],
      ['Code', 'code_stage_start', 'merge_request_created', false],
      ['Test', 'merge_request_last_build_started', 'merge_request_last_build_finished', false],
      ['Review', 'merge_request_created', 'merge_request_merged', true],
      ['Staging', 'merge_request_merged', 'merge_request_first_deployed_to_production', true],
    ]);
    const config = await get<{
      stages: StageJson[];
      events: { identifier: string; allowed_end_events: string[]; type: string }[];
    }>(`${base}/value_streams/${stream!.id}/stages`);
    expect(config.stages).toHaveLength(6);
    const identifiers = config.events.map((event) => event.identifier);
    expect(identifiers).toContain('issue_label_added');
    expect(identifiers).not.toContain('issue_first_mentioned_in_commit');
    expect(identifiers).not.toContain('code_stage_start');
    expect(config.events.find((event) => event.identifier === 'issue_label_added')).toMatchObject({
      type: 'label_based',
      allowed_end_events: [
        'issue_label_added',
        'issue_label_removed',
        'issue_closed',
        'issue_first_assigned_at',
      ],
    });
  });

  it('refuses invalid value streams with GitLab’s errors per field and per stage, and changes nothing', async () => {
    const before = await get<StreamJson[]>(`${base}/value_streams`);
    const answer = await call('reporter', 'POST', `${base}/value_streams`, {
      name: '',
      stages: [
        {
          name: 'Dev',
          custom: true,
          start_event_identifier: 'issue_label_added',
          end_event_identifier: 'issue_closed',
        },
        {
          name: 'Ship',
          custom: true,
          start_event_identifier: 'issue_closed',
          end_event_identifier: 'merge_request_merged',
        },
        {
          name: 'Dev',
          custom: true,
          start_event_identifier: 'issue_created',
          end_event_identifier: 'issue_closed',
        },
      ],
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      message: 'Invalid parameters',
      payload: {
        errors: {
          name: ["can't be blank"],
          stages: {
            0: { start_event_label_id: ["can't be blank"] },
            1: { end_event: ['not allowed for the given start event'] },
            2: { name: ['has already been taken'] },
          },
        },
      },
    });
    await expectStatus('guest', 'POST', `${base}/value_streams`, 403, { name: 'Nope' });
    expect(await get<StreamJson[]>(`${base}/value_streams`)).toEqual(before);
    const [defaults] = before;
    const refused = await call('reporter', 'DELETE', `${base}/value_streams/${defaults!.id}`);
    expect(refused).toMatchObject({
      status: 422,
      body: { message: 'The default value stream cannot be deleted' },
    });
  });

  it('creates, reorders, hides and deletes a custom value stream', async () => {
    const created = await expectStatus<StreamJson>('reporter', 'POST', `${base}/value_streams`, 201, {
      name: 'Delivery',
      stages: [
        { name: 'Review', custom: false },
        {
          name: 'In development',
          custom: true,
          start_event_identifier: 'issue_label_added',
          start_event_label_id: ids['workflow::in dev'],
          end_event_identifier: 'issue_closed',
        },
      ],
    });
    expect(created.stages.map((stage) => [stage.name, stage.custom, stage.hidden])).toEqual([
      ['Review', false, false],
      ['In development', true, false],
    ]);
    const [review, development] = created.stages;
    const updated = await expectStatus<StreamJson>(
      'reporter',
      'PUT',
      `${base}/value_streams/${created.id}`,
      200,
      {
        name: 'Delivery flow',
        stages: [
          {
            id: development!.id,
            name: 'Developing',
            custom: true,
            start_event_identifier: 'issue_label_added',
            start_event_label_id: ids['workflow::in dev'],
            end_event_identifier: 'issue_closed',
          },
          { id: review!.id, name: 'Review', custom: false, hidden: true },
        ],
      },
    );
    expect(updated.name).toBe('Delivery flow');
    expect(updated.stages.map((stage) => [stage.id, stage.name, stage.hidden])).toEqual([
      [development!.id, 'Developing', false],
      [review!.id, 'Review', true],
    ]);
    await expectStatus('reporter', 'DELETE', `${base}/value_streams/${created.id}`, 200);
    expect((await get<StreamJson[]>(`${base}/value_streams`)).map((stream) => stream.name)).toEqual([
      'Default',
    ]);
  });

  it('refuses a reversed or too long range, and malformed parameters', async () => {
    const [stream] = await get<StreamJson[]>(`${base}/value_streams`);
    const stage = stream!.stages[0]!;
    const path = `${base}/value_streams/${stream!.id}/stages/${stage.id}/median`;
    expect(
      await call('reporter', 'GET', `${path}?created_after=2026-01-01&created_before=2026-07-01`),
    ).toMatchObject({
      status: 422,
      body: { message: 'The given date range is larger than 180 days' },
    });
    expect(
      await call('reporter', 'GET', `${path}?created_after=2026-06-01&created_before=2026-05-01`),
    ).toMatchObject({
      status: 422,
    });
    expect(await call('reporter', 'GET', `${path}?created_after=yesterday`)).toMatchObject({ status: 400 });
    expect(
      await call('reporter', 'GET', `${base}/value_streams/${stream!.id}/stages/999999/median`),
    ).toMatchObject({
      status: 404,
    });
    expect(
      await call(
        'reporter',
        'GET',
        `/groups/${LAB}/-/analytics/type_of_work/tasks_by_type?created_after=2026-05-01`,
      ),
    ).toMatchObject({ status: 422, body: { message: 'label_names required' } });
  });

  describe('figures', () => {
    let stream: StreamJson;
    let facts: VsaFacts;
    const custom: { stage: StageJson; expected: ExpectedStage }[] = [];
    const FILTERS: { query: string; filters: Omit<ExpectedFilters, 'since' | 'until'> }[] = [
      { query: '', filters: {} },
      { query: '&label_name[]=defect', filters: { labelTitle: 'defect' } },
      { query: '&author_username=reporter', filters: { authorId: 0 } },
      { query: '&assignee_username[]=developer', filters: { assigneeId: 0 } },
      { query: '&author_username=nobody-at-all', filters: { authorId: -1 } },
    ];

    beforeAll(async () => {
      const made = await expectStatus<StreamJson>('reporter', 'POST', `${base}/value_streams`, 201, {
        name: 'Everything',
        stages: [
          { name: 'Issue', custom: false },
          { name: 'Review', custom: false },
          { name: 'Staging', custom: false },
          {
            name: 'Lead',
            custom: true,
            start_event_identifier: 'issue_created',
            end_event_identifier: 'issue_closed',
          },
          {
            name: 'Dev',
            custom: true,
            start_event_identifier: 'issue_label_added',
            start_event_label_id: ids['workflow::in dev'],
            end_event_identifier: 'issue_label_removed',
            end_event_label_id: ids['workflow::in dev'],
          },
          {
            name: 'Dev to close',
            custom: true,
            start_event_identifier: 'issue_label_added',
            start_event_label_id: ids['workflow::in dev'],
            end_event_identifier: 'issue_closed',
          },
          {
            name: 'Shipped',
            custom: true,
            start_event_identifier: 'issue_created',
            end_event_identifier: 'issue_deployed_to_production',
          },
          {
            name: 'Closed MRs',
            custom: true,
            start_event_identifier: 'merge_request_created',
            end_event_identifier: 'merge_request_closed',
          },
          {
            name: 'Assigned',
            custom: true,
            start_event_identifier: 'issue_created',
            end_event_identifier: 'issue_first_assigned_at',
          },
        ],
      });
      stream = made;
      for (const stage of made.stages) {
        custom.push({
          stage,
          expected: {
            start: stage.start_event_identifier,
            end: stage.end_event_identifier,
            startLabelId: stage.start_event_label_id,
            endLabelId: stage.end_event_label_id,
          },
        });
      }
    });

    /** Every stage and filter, as the server answers and as the loop finds. */
    async function compareEverything(label: string) {
      facts = await readVsaFacts(server, ids.lab!);
      let completed = 0;
      for (const { stage, expected } of custom) {
        for (const { query, filters } of FILTERS) {
          const resolved: ExpectedFilters = {
            since: SINCE,
            until: UNTIL,
            ...filters,
            ...(filters.authorId === 0 ? { authorId: ids.reporter } : {}),
            ...(filters.assigneeId === 0 ? { assigneeId: ids.developer } : {}),
          };
          const rows = expectedRows(facts, expected, resolved);
          completed += rows.length;
          const path = `${base}/value_streams/${stream.id}/stages/${stage.id}`;
          const where = `${label}: ${stage.name}${query}`;
          const expectedMedian = median(rows.map((row) => row.durationMs));
          expect({ where, median: await get(`${path}/median?${RANGE}${query}`) }).toEqual({
            where,
            median: { value: expectedMedian === null ? null : Math.round(expectedMedian / 1000) },
          });
          expect({ where, count: await get(`${path}/count?${RANGE}${query}`) }).toEqual({
            where,
            count: { count: rows.length },
          });
          expect({ where, chart: await get(`${path}/average_duration_chart?${RANGE}${query}`) }).toEqual({
            where,
            chart: dailyAverages(rows),
          });
          const records = await get<{ id: number; duration_in_milliseconds: number }[]>(
            `${path}/records?${RANGE}${query}&sort=duration&direction=asc`,
          );
          const byDuration = [...rows].sort((x, y) => x.durationMs - y.durationMs || x.id - y.id);
          expect({
            where,
            records: records.map((record) => [record.id, record.duration_in_milliseconds]),
          }).toEqual({
            where,
            records: byDuration.slice(0, 20).map((row) => [row.id, row.durationMs]),
          });
        }
      }
      // The scenario has items in most stages: a loop that found nothing would prove nothing.
      expect(completed).toBeGreaterThan(20);
    }

    it('answers alike from both backends and as a loop over the events', async () => {
      await expectStatus('reporter', 'PUT', `${base}/use_aggregated_backend`, 200, { enabled: false });
      await compareEverything('direct');
      await expectStatus('reporter', 'PUT', `${base}/use_aggregated_backend`, 200, { enabled: true });
      expect(await get(`${base}/use_aggregated_backend`)).toEqual({ enabled: true });
      await compareEverything('aggregated');
    });

    it('keeps the aggregated backend current as the work changes', async () => {
      await updateIssue(ids.issueC!, '2026-06-10T10:00:00.000Z', { state_event: 'close' });
      await merge(ids.mrFour!, '2026-06-11T10:00:00.000Z');
      await deploy('2026-06-12T10:00:00.000Z');
      await updateIssue(ids.issueC!, '2026-06-13T10:00:00.000Z', { add_labels: 'workflow::in dev' });
      const issueC = await server.db
        .selectFrom('issues')
        .select('id')
        .where('title', '=', 'Issue C')
        .executeTakeFirstOrThrow();
      await stampLatestLabelEvent(issueC.id, '2026-06-13T10:00:00.000Z');
      setClock(ASKED_AT);
      await compareEverything('aggregated after changes');
      await expectStatus('reporter', 'PUT', `${base}/use_aggregated_backend`, 200, { enabled: false });
      await compareEverything('direct after changes');
      await expectStatus('reporter', 'PUT', `${base}/use_aggregated_backend`, 200, { enabled: true });
    });

    it('reads a top-level group’s own rows whole, its subgroups’ included, from both backends', async () => {
      const top = '/groups/workshop/-/analytics/value_stream_analytics';
      const made = await expectStatus<StreamJson>('reporter', 'POST', `${top}/value_streams`, 201, {
        name: 'Workshop lead',
        stages: [
          {
            name: 'Lead',
            custom: true,
            start_event_identifier: 'issue_created',
            end_event_identifier: 'issue_closed',
          },
        ],
      });
      const workshop = await server.db
        .selectFrom('namespaces')
        .select('id')
        .where('full_path', '=', 'workshop')
        .executeTakeFirstOrThrow();
      const rows = expectedRows(
        await readVsaFacts(server, workshop.id),
        { start: 'issue_created', end: 'issue_closed' },
        { since: SINCE, until: UNTIL },
      );
      // The lab's closed issues are among the workshop's.
      expect(rows.length).toBeGreaterThan(2);
      const path = `${top}/value_streams/${made.id}/stages/${made.stages[0]!.id}`;
      for (const enabled of [true, false, true]) {
        await expectStatus('reporter', 'PUT', `${top}/use_aggregated_backend`, 200, { enabled });
        expect(await get(`${path}/count?${RANGE}`)).toEqual({ count: rows.length });
        const expectedMedian = median(rows.map((row) => row.durationMs))!;
        expect(await get(`${path}/median?${RANGE}`)).toEqual({ value: Math.round(expectedMedian / 1000) });
      }
    });

    it('pages the records twenty at a time with GitLab’s headers', async () => {
      const lead = stream.stages.find((stage) => stage.name === 'Lead')!;
      const answer = await call(
        'reporter',
        'GET',
        `${base}/value_streams/${stream.id}/stages/${lead.id}/records?${RANGE}`,
      );
      expect(answer.headers.get('x-page')).toBe('1');
      expect(answer.headers.get('x-per-page')).toBe('20');
      expect(answer.headers.get('x-next-page')).toBe('');
      const records = answer.body as {
        title: string;
        url: string;
        reference: string;
        author: { username: string };
        total_time: unknown;
      }[];
      expect(records[0]).toMatchObject({
        url: expect.stringMatching(/^\/workshop\/vsa-lab\/flow\/-\/issues\/\d+$/),
        reference: expect.stringMatching(/^workshop\/vsa-lab\/flow#\d+$/),
        author: { username: expect.any(String) },
      });
      // Newest end first by default.
      const ends = records.map(
        (record) => (record as unknown as { end_event_timestamp: string }).end_event_timestamp,
      );
      expect(ends).toEqual([...ends].sort().reverse());
    });

    it('sums up the range: new issues, deploys, frequency, lead and cycle time', async () => {
      facts = await readVsaFacts(server, ids.lab!);
      const created = facts.issues.filter((item) => item.createdAt >= SINCE && item.createdAt < UNTIL).length;
      const summary = await get<{ identifier: string; value: string }[]>(`${base}/summary?${RANGE}`);
      const deploys = await server.db
        .selectFrom('deployments')
        .innerJoin('environments', 'environments.id', 'deployments.environment_id')
        .innerJoin('projects', 'projects.id', 'deployments.project_id')
        .where('projects.full_path', '=', FLOW)
        .where('environments.tier', '=', 'production')
        .where('deployments.status', '=', 'success')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      expect(summary).toEqual([
        { identifier: 'issues', title: 'New issues', value: String(created) },
        { identifier: 'deploys', title: 'Deploys', value: String(deploys.count) },
        {
          identifier: 'deployment_frequency',
          title: 'Deployment frequency',
          value: String(Math.round((Number(deploys.count) / 46) * 10) / 10),
          unit: '/day',
        },
      ]);
      const closed = facts.issues.filter(
        (item) => item.state === 'closed' && item.closedAt! >= SINCE && item.closedAt! < UNTIL,
      );
      const lead = median(closed.map((item) => item.closedAt!.getTime() - item.createdAt.getTime()));
      const time = await get<{ identifier: string; value: string }[]>(`${base}/time_summary?${RANGE}`);
      expect(time[0]).toMatchObject({
        identifier: 'lead_time',
        value: String(Math.round((lead! / 86_400_000) * 10) / 10),
      });
      const cycle = median(
        closed.flatMap((item) => {
          const opened = (facts.closing.get(item.id) ?? []).map((id) =>
            facts.mergeRequests.find((mr) => mr.id === id)!.createdAt.getTime(),
          );
          const first = opened.length ? Math.min(...opened) : null;
          return first !== null && first <= item.closedAt!.getTime()
            ? [item.closedAt!.getTime() - first]
            : [];
        }),
      );
      expect(time[1]).toMatchObject({
        identifier: 'cycle_time',
        value: cycle === null ? '-' : String(Math.round((cycle / 86_400_000) * 10) / 10),
      });
    });

    it('counts the type of work per label and day, and names the top labels', async () => {
      facts = await readVsaFacts(server, ids.lab!);
      const series = await get<{ label: { name: string }; series: [string, number][] }[]>(
        `/groups/${LAB}/-/analytics/type_of_work/tasks_by_type?${RANGE}&label_names[]=defect&label_names[]=workflow::in dev`,
      );
      expect(series.map((entry) => entry.label.name).sort()).toEqual(['defect', 'workflow::in dev']);
      for (const entry of series) {
        expect(entry.series).toHaveLength(46);
        const labelId = ids[entry.label.name]!;
        const expected = new Map<string, number>();
        for (const item of facts.issues) {
          if (!item.labelIds.includes(labelId) || item.createdAt < SINCE || item.createdAt >= UNTIL) continue;
          const day = item.createdAt.toISOString().slice(0, 10);
          expected.set(day, (expected.get(day) ?? 0) + 1);
        }
        expect(entry.series.filter(([, count]) => count > 0)).toEqual([...expected.entries()].sort());
      }
      const top = await get<{ name: string }[]>(
        `/groups/${LAB}/-/analytics/type_of_work/tasks_by_type/top_labels?${RANGE}`,
      );
      // Most carried first; a tie goes to the older label.
      const carried = (labelId: number) =>
        facts.issues.filter(
          (item) => item.labelIds.includes(labelId) && item.createdAt >= SINCE && item.createdAt < UNTIL,
        ).length;
      const expectedTop = ['workflow::in dev', 'defect'].sort(
        (a, b) => carried(ids[b]!) - carried(ids[a]!) || ids[a]! - ids[b]!,
      );
      expect(top.map((label) => label.name)).toEqual(expectedTop);
    });
  });
});
