import { createRequire } from 'node:module';
import type { GraphQLField, GraphQLNamedType } from 'graphql';
import { sql } from 'kysely';
// Types `app.graphql`: Mercurius augments FastifyInstance, and the server's declarations do not say so.
import type {} from 'mercurius';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../helpers/backends.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/testServer.ts';

/** The schema is built by Mercurius's (CommonJS) graphql; its type checks refuse the ES build's. */
const { getNamedType, isInputObjectType, isNonNullType } = createRequire(import.meta.url)(
  'graphql',
) as typeof import('graphql');

/**
 * Issue 13, "Clean 4xx": every route of the Fastify route table and every argument of the GraphQL
 * schema gets the same hostile values. Whatever a route does with them, the answer is never a 500,
 * never quotes SQL, and the database does not change; values no string parameter can hold (NUL,
 * lone surrogates) are refused everywhere. The routes and arguments are read from the running
 * server, so a new one is covered without editing this table.
 */

/** Values for query strings and path segments (already URL-encoded where they must be). */
const HOSTILE_URL_VALUES = {
  nul: '%00',
  invalidUtf8: '%FF%FE',
  loneSurrogate: '%ED%A0%80',
  negative: '-1',
  pastInteger: '2147483648',
  huge: '99999999999',
  nonNumeric: 'abc',
  year0: '0000-01-01',
  year99999: '99999-01-01',
  pastJsDates: '%2B275760-09-13',
  february30: '2026-02-30',
  protoKey: '__proto__',
} as const;

/** Values for JSON bodies and GraphQL variables. */
const HOSTILE_JSON_VALUES: Record<string, unknown> = {
  nul: 'a\u0000b',
  loneSurrogate: '\ud800x',
  megabyte: 'x'.repeat(1_048_577),
  negative: -1,
  pastInteger: 2147483648,
  huge: 99999999999,
  nonNumeric: 'abc',
  year0: '0000-01-01',
  year99999: '99999-01-01',
  pastJsDates: '+275760-09-13',
  february30: '2026-02-30',
  wide: Object.fromEntries(Array.from({ length: 5000 }, (_, index) => [`k${index}`, index])),
};

/** Nested 5,000 deep: sent as text, since serialising it here would overflow this side's stack. */
const DEEP_JSON = `${'['.repeat(5000)}1${']'.repeat(5000)}`;

/** Refused by every string parameter: PostgreSQL text cannot hold them. */
const ALWAYS_REFUSED = new Set(['nul', 'loneSurrogate']);

/** The parameter names the REST routes read (GitLab's), each tried on every route. */
const PARAM_NAMES = [
  'search',
  'labels',
  'not[labels]',
  'author_username',
  'author_id',
  'iids[]',
  'parent_id',
  'epic_iid',
  'epic_id',
  'weight',
  'start_date_fixed',
  'due_date_fixed',
  'created_after',
  'updated_before',
  'start_date',
  'end_date',
  'title',
  'description',
  'state',
  'per_page',
  'page',
  'order_by',
  'sort',
  'milestone_id',
  'lock_version',
  'issuable_id',
  'target_id',
  'group_id',
  'confidential',
  'include_descendant_groups',
];

const DATE_TYPES = ['Time', 'Date', 'ISO8601Date'];

/** Fields where a short plain string is a fine value: a create route would simply create with it. */
const UNCHECKED_NAMES = PARAM_NAMES.filter((name) => name !== 'title' && name !== 'description');

/** SQL or PostgreSQL wording that must never reach a client. */
const SQL_TEXT =
  /invalid input syntax|out of range for type|invalid byte sequence|date\/time field|time zone displacement|SQLSTATE|syntax error at|relation "|column "|\bselect\b.+\bfrom\b/i;

interface Route {
  readonly method: string;
  readonly path: string;
}

/** The routes of Fastify's printed route table (one representative of the group-depth variants). */
function routesOf(server: TestServer): Route[] {
  const stack: string[] = [];
  const routes: Route[] = [];
  for (const line of server.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[└├]── (\S+) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const segment = (match[2] ?? '').split('|')[0] ?? '';
    const parent = stack[depth - 1] ?? '';
    const path =
      depth === 0
        ? segment
        : `${parent}${parent.endsWith('/') || segment.startsWith('/') ? '' : '/'}${segment}`;
    stack[depth] = path;
    stack.length = depth + 1;
    // One representative of each family of depth variants: groups one deep, projects four deep.
    const variant = path.includes(':project') && !(path.includes(':project3') && !path.includes(':project4'));
    if (path.includes('*') || path.includes(':group1') || variant) continue;
    for (const method of (match[3] ?? '').split(', ')) {
      if (method !== 'HEAD') routes.push({ method, path });
    }
  }
  return routes;
}

describe.each(BACKENDS)('hostile input on every route and argument (%s)', (backend) => {
  let server: TestServer;
  let api: HttpClient;
  let browser: HttpClient;
  let epicIid: number;
  let milestoneId: number;
  let tables: string[];

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 20, issues: 40 });
    api = HttpClient.withToken(server.baseUrl, await server.tokenFor('owner'));
    browser = new HttpClient(server.baseUrl);
    await browser.signIn('owner', TEST_PASSWORD);
    const epic = await server.db
      .selectFrom('epics')
      .innerJoin('namespaces', 'namespaces.id', 'epics.group_id')
      .select('epics.iid')
      .where('namespaces.full_path', '=', 'acme')
      .orderBy('epics.iid')
      .executeTakeFirstOrThrow();
    epicIid = epic.iid;
    const milestone = await server.db
      .selectFrom('milestones')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    milestoneId = milestone.id;
    const rows = await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`.execute(server.db);
    // Sessions and tokens change by signing in and being used, and value stream analytics' aggregated
    // rows are derived data its job fills in the background; everything else must stay as it is.
    tables = rows.rows
      .map((row) => row.table_name)
      .filter(
        (name) =>
          !/session|token|kysely|^vsa_(stage_event_hashes|dirty_issuables|.*_stage_events)$/.test(name),
      )
      .sort();
  });
  afterAll(() => server?.close());

  /** A digest of every domain table: equal digests, unchanged data. */
  /** The tables whose content differs from an earlier fingerprint. */
  async function changedTables(before: Record<string, string>): Promise<string[]> {
    const after = await fingerprint();
    return tables.filter((table) => after[table] !== before[table]);
  }

  async function fingerprint(): Promise<Record<string, string>> {
    const parts: Record<string, string> = {};
    for (const table of tables) {
      const { rows } = await sql<{ digest: string | null }>`
        SELECT md5(string_agg(t::text, ',' ORDER BY t::text)) AS digest FROM ${sql.table(table)} t`.execute(
        server.db,
      );
      parts[table] = rows[0]?.digest ?? '';
    }
    return parts;
  }

  /** A path with its parameters filled by values that exist, one of them replaced by `hostile`. */
  function concretePath(path: string, hostile?: { name: string; value: string }): string {
    return path.replace(/:(\w+)(\.json)?/g, (_all, name: string, suffix = '') => {
      if (hostile?.name === name) return `${hostile.value}${suffix}`;
      if (name === 'id')
        return path.startsWith('/api/v4/projects') ? 'acme%2Fplatform%2Fbackend%2Fapi' : 'acme';
      if (name === 'group0') return 'acme';
      const project = /^project(\d)$/.exec(name);
      if (project) return ['acme', 'platform', 'backend', 'api'][Number(project[1])] ?? 'x';
      if (name === 'epic_iid' || name === 'iid') return `${String(epicIid)}${suffix}`;
      if (name === 'milestone_id') return String(milestoneId);
      return `1${suffix}`;
    });
  }

  async function send(route: Route, url: string, body?: unknown) {
    const isApi = url.startsWith('/api/') || url.startsWith('/oauth/');
    const client = isApi ? api : browser;
    const headers: Record<string, string> =
      isApi || route.method === 'GET' ? {} : { 'x-csrf-token': browser.csrfToken };
    const response = await client.request(route.method, url, {
      ...(body === undefined ? {} : { json: body }),
      headers,
    });
    return { status: response.status, text: await response.text() };
  }

  function expectClean(answer: { status: number; text: string }, label: string): void {
    expect(answer.status, label).toBeLessThan(500);
    expect(answer.text, label).not.toMatch(SQL_TEXT);
  }

  // Every route, many requests each: the time grows with the routes (the user settings added 25).
  it('refuses hostile path segments, query parameters and bodies on every REST and page route', {
    timeout: 180_000,
  }, async () => {
    const routes = routesOf(server);
    expect(routes.length).toBeGreaterThan(30);
    const urlValues = Object.entries(HOSTILE_URL_VALUES);
    const jsonValues = Object.entries(HOSTILE_JSON_VALUES);
    const before = await fingerprint();
    for (const [routeIndex, route] of routes.entries()) {
      // Routes whose every well-formed call changes the caller's own state, whatever else it holds:
      // signing out, and marking all of one's to-dos done.
      if (route.path === '/users/sign_out' || route.path === '/api/v4/todos/mark_as_done') continue;

      const writes = route.method !== 'GET';
      // Path parameters: every value in every parameter; a write reaches no row with them.
      for (const name of [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '')) {
        // Four values a parameter, rotating, and always the ones no id can be.
        const picks = [0, 1, 2].map((offset) => urlValues[(routeIndex * 3 + offset) % urlValues.length]!);
        for (const [label, value] of [...new Set([urlValues[0]!, ...picks])]) {
          const url = concretePath(route.path, { name, value });
          const answer = await send(route, url, writes ? {} : undefined);
          expectClean(answer, `${route.method} ${url} (${label})`);
          expect(answer.status, `${route.method} ${url}`).toBeGreaterThanOrEqual(400);
        }
      }
      const target = concretePath(route.path);
      // Query parameters: a GET tries every value somewhere across the names; a write only those
      // refused everywhere (any other value could be a legitimate change).
      // Four names a route, the next four for the next route: every name meets every value somewhere.
      for (const nameIndex of [0, 1, 2, 3, 4, 5, 6, 7].map(
        (offset) => (routeIndex * 8 + offset) % PARAM_NAMES.length,
      )) {
        const name = PARAM_NAMES[nameIndex]!;
        const candidates = writes ? urlValues.filter(([label]) => ALWAYS_REFUSED.has(label)) : urlValues;
        const [label, value] = candidates[(nameIndex + routeIndex) % candidates.length]!;
        const url = `${target}?${encodeURIComponent(name)}=${value}`;
        const answer = await send(route, url, writes ? {} : undefined);
        expectClean(answer, `${route.method} ${url} (${label})`);
        if (ALWAYS_REFUSED.has(label)) expect(answer.status, url).toBeGreaterThanOrEqual(400);
      }
      if (!writes) continue;
      // Bodies: the refused-everywhere values in every field, and whole hostile documents.
      for (const nameIndex of [0, 1, 2, 3, 4, 5].map(
        (offset) => (routeIndex * 6 + offset) % PARAM_NAMES.length,
      )) {
        const name = PARAM_NAMES[nameIndex]!;
        const label = nameIndex % 2 === 0 ? 'nul' : 'loneSurrogate';
        const body = { title: 'Fine title', [name.replace('[]', '')]: HOSTILE_JSON_VALUES[label] };
        const answer = await send(route, target, body);
        expectClean(answer, `${route.method} ${target} ${name} (${label})`);
        expect(answer.status, `${route.method} ${target} ${name}`).toBeGreaterThanOrEqual(400);
      }
      for (const [label, body] of [
        ['deep', `{"title": "a\\u0000", "nested": ${DEEP_JSON}}`],
        ['wide', { ...(HOSTILE_JSON_VALUES.wide as object), title: HOSTILE_JSON_VALUES.nul }],
        ['prototype', '{"__proto__": {"is_admin": true}, "constructor": {"prototype": {"is_admin": true}}}'],
        ['nested prototype', '{"epic": {"__proto__": {"title": "x"}}, "title": "a\\u0000"}'],
      ] as const) {
        const answer = await send(route, target, body);
        expectClean(answer, `${route.method} ${target} (${label})`);
        expect(answer.status, `${route.method} ${target} (${label})`).toBeGreaterThanOrEqual(400);
      }
      // Unchecked values of any kind may only be refused or ignored; JSON values of every type.
      // Values that only some fields refuse: sent where no valid request could change anything
      // (a DELETE with a valid path deletes whatever its body holds).
      if (route.method === 'DELETE') continue;
      const unchecked = jsonValues.filter(([label]) => !ALWAYS_REFUSED.has(label));
      // The route's own ids point nowhere, so only the body's values could make a difference.
      const nowhere = concretePath(route.path.replace(/:(?!id\b|group0|project)\w+/g, '999999'));
      for (const [label, value] of [0, 1, 2].map(
        (offset) => unchecked[(routeIndex * 3 + offset) % unchecked.length]!,
      )) {
        const answer = await send(route, nowhere, {
          [UNCHECKED_NAMES[routeIndex % UNCHECKED_NAMES.length]!]: value,
        });
        expectClean(answer, `${route.method} ${nowhere} (${label})`);
      }
      expectClean(await send(route, target, `{"title": ${DEEP_JSON}}`), `${route.method} ${target} (deep)`);
    }
    expect(await changedTables(before)).toEqual([]);
    expect(({} as Record<string, unknown>).is_admin).toBeUndefined();
  });

  it('refuses hostile values in every GraphQL argument, the same way every time', {
    timeout: 120_000,
  }, async () => {
    const schema = server.app.graphql.schema;
    const before = await fingerprint();
    const roots: [string, string, string][] = [
      ['', '', ''],
      ['group(fullPath: "acme") {', '}', 'Group'],
      ['project(fullPath: "acme/platform/backend/api") {', '}', 'Project'],
    ];
    const asked = new Set<string>();
    const ask = async (query: string, variables: Record<string, unknown>, label: string) => {
      const attempt = async () => {
        const response = await api.request('POST', '/api/graphql', { json: { query, variables } });
        const text = await response.text();
        expectClean({ status: response.status, text }, label);
        return { status: response.status, body: JSON.parse(text) as { errors?: unknown[]; data?: unknown } };
      };
      const answer = await attempt();
      // The second request of a query compiles it, and used to answer differently from the first.
      if (!asked.has(query)) expect(await attempt(), label).toEqual(answer);
      asked.add(query);
      return answer;
    };
    const selectionOf = (type: GraphQLNamedType) =>
      'getFields' in type && !isInputObjectType(type) ? ' { __typename }' : '';
    const typeName = (type: { toString(): string }) => type.toString();
    let checked = 0;
    for (const [open, close, rootType] of roots) {
      const parent = rootType ? schema.getType(rootType) : schema.getQueryType();
      if (!parent || !('getFields' in parent) || isInputObjectType(parent)) continue;
      for (const field of Object.values(parent.getFields()) as GraphQLField<unknown, unknown>[]) {
        const required = field.args.filter((arg) => isNonNullType(arg.type));
        for (const arg of field.args) {
          const named = getNamedType(arg.type);
          if (isInputObjectType(named)) continue;
          const values = ['String', 'ID', ...DATE_TYPES].includes(named.name)
            ? Object.entries(HOSTILE_JSON_VALUES).filter(([, value]) => typeof value === 'string')
            : named.name === 'Int'
              ? Object.entries(HOSTILE_JSON_VALUES).filter(([, value]) => typeof value === 'number')
              : [];
          if (values.length === 0) continue;
          if (required.some((other) => other !== arg && !['fullPath', 'iid'].includes(other.name))) continue;
          const fills = required
            .filter((other) => other !== arg)
            .map((other) => `${other.name}: ${other.name === 'fullPath' ? '"acme"' : '"1"'}`);
          const query = `query ($v: ${typeName(arg.type)}) { ${open} ${field.name}(${[...fills, `${arg.name}: $v`].join(', ')})${selectionOf(getNamedType(field.type))} ${close} }`;
          // The values no string may hold, then two more in turn: every value meets many arguments.
          const sample = values.filter(
            ([label], index) => ALWAYS_REFUSED.has(label) || (index + checked) % values.length < 2,
          );
          for (const [label, value] of sample) {
            const answer = await ask(query, { v: value }, `${rootType}.${field.name}(${arg.name}: ${label})`);
            checked++;
            const strict =
              ALWAYS_REFUSED.has(label) ||
              DATE_TYPES.includes(named.name) ||
              (typeof value === 'number' && value > 2147483647);
            if (strict)
              expect(answer.body.errors?.length, `${field.name}(${arg.name}: ${label})`).toBeGreaterThan(0);
          }
        }
      }
    }
    // Mutations: every field of every input, with a value no string can hold.
    const mutationType = schema.getMutationType();
    for (const mutation of Object.values(mutationType?.getFields() ?? {})) {
      const inputArg = mutation.args.find((arg) => arg.name === 'input');
      const input = inputArg ? getNamedType(inputArg.type) : undefined;
      if (!inputArg || !input || !isInputObjectType(input)) continue;
      const fields = Object.values(input.getFields());
      const filler = (name: string, type: string): unknown =>
        type.includes('Boolean')
          ? true
          : type.includes('Int')
            ? 1
            : name.endsWith('Path')
              ? 'acme'
              : 'gid://gitlab/Epic/1';
      for (const [index, field] of fields.entries()) {
        const named = getNamedType(field.type).name;
        if (!['String', 'ID'].includes(named)) continue;
        const label = index % 2 === 0 ? 'nul' : 'loneSurrogate';
        const value = Object.fromEntries(
          fields
            .filter((other) => other !== field && isNonNullType(other.type))
            .map((other) => [other.name, filler(other.name, typeName(other.type))]),
        );
        value[field.name] = HOSTILE_JSON_VALUES[label];
        const query = `mutation ($input: ${typeName(inputArg.type)}) { ${mutation.name}(input: $input) { __typename } }`;
        const answer = await ask(query, { input: value }, `${mutation.name}.${field.name} (${label})`);
        checked++;
        expect(answer.body.errors?.length, `${mutation.name}.${field.name}`).toBeGreaterThan(0);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(await changedTables(before)).toEqual([]);
  });

  it('answers the values issue 13 names with a 4xx, not a 500 or SQL text', async () => {
    const project = '/api/v4/projects/acme%2Fplatform%2Fbackend%2Fapi/issues';
    const cases: [string, string, unknown?][] = [
      ['GET', '/api/v4/groups/acme/epics?search=a%00b'],
      ['GET', '/api/v4/groups/acme/epics?labels=a%00b'],
      ['GET', '/api/v4/groups/acme/epics?author_username=a%00b'],
      ['GET', '/api/v4/groups/a%00b'],
      ['GET', '/api/v4/groups/acme/epics?created_after=0000-01-01'],
      ['GET', '/api/v4/groups/acme/epics?created_after=%2B275760-09-13'],
      ['GET', '/api/v4/groups/acme/epics?created_after=99999-01-01'],
      ['GET', '/api/v4/groups/acme/epics?iids[]=2147483648'],
      ['GET', '/api/v4/groups/acme/epics?author_id=2147483648'],
      [
        'POST',
        '/api/v4/groups/acme/epics',
        { title: 'x', start_date_is_fixed: true, start_date_fixed: '0000-01-01' },
      ],
      ['POST', '/api/v4/groups/acme/epics', { title: 'x', parent_id: 2147483648 }],
      ['POST', project, { title: 'x', weight: 99999999999 }],
      ['POST', project, { title: 'x', epic_iid: 2147483648 }],
    ];
    const before = await fingerprint();
    for (const [method, url, body] of cases) {
      const response = await api.request(method, url, body === undefined ? {} : { json: body });
      const text = await response.text();
      expect(response.status, `${method} ${url}`).toBe(400);
      expect(text, url).not.toMatch(SQL_TEXT);
    }
    for (const query of [
      '{ group(fullPath: "acme") { epics(first: 1, search: "a\\u0000b") { nodes { iid } } } }',
      '{ group(fullPath: "acme") { epics(first: 1, iid: "2147483648") { nodes { iid } } } }',
      '{ group(fullPath: "acme") { epics(first: 1, timeframe: { start: "0000-01-01", end: "2026-01-01" }) { nodes { iid } } } }',
      '{ group(fullPath: "acme") { epics(first: 1, createdAfter: "99999-01-01") { nodes { iid } } } }',
    ]) {
      const answer = await api.graphql(query);
      expect(answer.status, query).toBeLessThan(500);
      expect(answer.body.errors?.[0]?.message, query).toBeDefined();
      expect(JSON.stringify(answer.body), query).not.toMatch(SQL_TEXT);
    }
    expect(await changedTables(before)).toEqual([]);
  });
});
