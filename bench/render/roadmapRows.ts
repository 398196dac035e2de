/**
 * The rows of one benchmark size, the same for every target: the seed CLI fills a fresh PGlite folder
 * (appServer.ts), then a server on it is asked for the group roadmap's epics through the public
 * GraphQL API, page by page, as `owner` with an OAuth token (the roadmap's own filters: state all,
 * top-level only, the THREE_YEARS timeframe, start date ascending). The server is stopped afterwards,
 * so that `ours` starts its own with nothing cached.
 */

import { GRAPHQL_PATH } from '../../src/core/domain/webPaths.ts';
import { graphqlTimeframe } from '../../src/core/time/graphqlTimeframe.ts';
import { removeDatabase, seedDatabase, startAppServer } from './appServer.ts';
import { benchData, type RoadmapRow, TIMEFRAME } from './data.ts';
import type { BenchEnv, SeededRoadmap } from './targets/types.ts';

const EPICS_QUERY = `query BenchRoadmap($cursor: String, $timeframe: Timeframe!) {
  group(fullPath: "acme") {
    epics(first: 1000, after: $cursor, sort: start_date_asc, state: all, topLevelHierarchyOnly: true,
      timeframe: $timeframe) {
      nodes { id title startDate dueDate color group { name } descendantWeightSum { openedIssues closedIssues } }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;

interface EpicsPage {
  readonly data?: {
    readonly group: {
      readonly epics: {
        readonly nodes: readonly RoadmapRow[];
        readonly pageInfo: { readonly hasNextPage: boolean; readonly endCursor: string | null };
      };
    } | null;
  };
  readonly errors?: readonly { readonly message: string }[];
}

/** POSTs JSON (with a bearer token when given) and returns the JSON answer; throws on an HTTP error. */
export async function postJson<T>(url: string, body: object, token?: string): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** An OAuth access token of the demo user `owner` (password grant). */
export async function ownerToken(baseUrl: string): Promise<string> {
  const { access_token: token } = await postJson<{ access_token: string }>(`${baseUrl}/oauth/token`, {
    grant_type: 'password',
    username: 'owner',
    password: 'demo-password',
  });
  return token;
}

/** Every epic the group roadmap shows, in its order. */
export async function readRoadmapRows(baseUrl: string): Promise<RoadmapRow[]> {
  const token = await ownerToken(baseUrl);
  const rows: RoadmapRow[] = [];
  let cursor: string | null = null;
  for (;;) {
    const page: EpicsPage = await postJson<EpicsPage>(
      `${baseUrl}${GRAPHQL_PATH}`,
      { query: EPICS_QUERY, variables: { cursor, timeframe: graphqlTimeframe(TIMEFRAME) } },
      token,
    );
    const epics = page.data?.group?.epics;
    if (page.errors?.length || !epics)
      throw new Error(`roadmap query failed: ${page.errors?.map((error) => error.message).join('; ')}`);
    for (const row of epics.nodes) rows.push(row);
    if (!epics.pageInfo.hasNextPage) return rows;
    cursor = epics.pageInfo.endCursor;
  }
}

/** Seeds the size's database and reads its roadmap rows. */
export async function seedRoadmap(size: number, env: BenchEnv): Promise<SeededRoadmap> {
  env.log(`seeding ${size} epics (flat for the roadmap) and ${size * 3} issues`);
  const dataDir = await seedDatabase(size);
  try {
    const server = await startAppServer(dataDir);
    try {
      const rows = await readRoadmapRows(server.url);
      env.log(`the roadmap of ${size} seeded epics has ${rows.length} rows`);
      return { size, dataDir, data: benchData(rows) };
    } finally {
      await server.stop();
    }
  } catch (error) {
    removeDatabase(dataDir);
    throw error;
  }
}
