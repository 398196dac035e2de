import { expect } from 'vitest';
import type { MergeRequestRow } from '../../src/server/db/schema.ts';
import { type Person, signedInClients, userId } from './epicSidebar.ts';
import type { HttpClient } from './httpClient.ts';
import { startTestServer, type TestServer } from './testServer.ts';

/** Where the merge request suites write: the workshop's public project, away from acme's data. */
export const PLAYGROUND = 'workshop/playground';
/** A private project: its merge requests are for its Reporters and up. */
export const PRIVATE_PROJECT = 'acme/security/vault-audit';
/** The suites' labels (group labels of the workshop), in this order. */
export const LABEL_TITLES = ['mr-alpha', 'mr-beta', 'mr-gamma'] as const;
export const MILESTONE_TITLE = 'MR milestone';

export type Who = Person | 'anonymous';

export interface GraphQLAnswer<T> {
  readonly data: T | undefined;
  readonly errors: readonly { message: string }[];
}

export interface MutationAnswer {
  readonly payload: { mergeRequest: Record<string, unknown> | null; errors: string[] } | null;
  readonly errors: readonly { message: string }[];
}

/** A server with the demo people signed in, the suites' labels and milestone, and GraphQL helpers. */
export interface MergeRequestSuite {
  readonly server: TestServer;
  /** Demo users' ids by username. */
  readonly ids: Readonly<Record<string, number>>;
  readonly workshop: { readonly id: number; readonly rootNamespaceId: number };
  readonly labels: readonly { readonly id: number; readonly title: string }[];
  readonly milestone: { readonly id: number; readonly title: string };
  as(who: Who): HttpClient;
  query<T>(who: Who, text: string, variables?: Record<string, unknown>): Promise<GraphQLAnswer<T>>;
  /** The data of an answer that must carry no error. */
  data<T>(who: Who, text: string, variables?: Record<string, unknown>): Promise<T>;
  /** GitLab's `<name>(input:) { mergeRequest { fields } errors }`. */
  mutate(who: Who, name: string, input: Record<string, unknown>, fields: string): Promise<MutationAnswer>;
  /** A merge request by the developer in the playground, through GitLab's mergeRequestCreate. */
  createMergeRequest(title: string, sourceBranch: string): Promise<MergeRequestRow>;
  mergeRequestRow(projectPath: string, iid: number): Promise<MergeRequestRow>;
}

export async function startMergeRequestSuite(backend: 'pglite' | 'postgres'): Promise<MergeRequestSuite> {
  const server = await startTestServer({ backend, epics: 20, issues: 60 });
  const clients = await signedInClients(server);
  const ids: Record<string, number> = {};
  for (const name of ['owner', 'maintainer', 'developer', 'reporter', 'guest', 'outsider']) {
    ids[name] = await userId(server, name);
  }
  const workshop = await server.db
    .selectFrom('namespaces')
    .select(['id', 'root_namespace_id'])
    .where('full_path', '=', 'workshop')
    .executeTakeFirstOrThrow();
  const createdAt = new Date(Date.UTC(2026, 0, 1));
  const labels = await server.db
    .insertInto('labels')
    .values(
      LABEL_TITLES.map((title) => ({
        root_namespace_id: workshop.root_namespace_id,
        group_id: workshop.id,
        project_id: null,
        title,
        color: '#336699',
        created_at: createdAt,
      })),
    )
    .returning(['id', 'title'])
    .execute();
  const milestone = await server.db
    .insertInto('milestones')
    .values({
      root_namespace_id: workshop.root_namespace_id,
      group_id: workshop.id,
      project_id: null,
      iid: 9001,
      title: MILESTONE_TITLE,
      start_date: null,
      due_date: null,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .returning(['id', 'title'])
    .executeTakeFirstOrThrow();

  const as = (who: Who) => clients.get(who)!;
  const query = async <T>(who: Who, text: string, variables: Record<string, unknown> = {}) => {
    const { body } = await as(who).graphql<T>(text, variables);
    return { data: body.data, errors: body.errors ?? [] };
  };
  const mergeRequestRow = (projectPath: string, iid: number) =>
    server.db
      .selectFrom('merge_requests')
      .innerJoin('projects', 'projects.id', 'merge_requests.project_id')
      .selectAll('merge_requests')
      .where('projects.full_path', '=', projectPath)
      .where('merge_requests.iid', '=', iid)
      .executeTakeFirstOrThrow();
  const mutate = async (who: Who, name: string, input: Record<string, unknown>, fields: string) => {
    const { data, errors } = await query<Record<string, MutationAnswer['payload']>>(
      who,
      `mutation ($input: ${name[0]!.toUpperCase()}${name.slice(1)}Input!) {
        ${name}(input: $input) { mergeRequest { ${fields} } errors }
      }`,
      { input },
    );
    return { payload: data?.[name] ?? null, errors };
  };
  return {
    server,
    ids,
    workshop: { id: workshop.id, rootNamespaceId: workshop.root_namespace_id },
    labels,
    milestone,
    as,
    query,
    data: async <T>(who: Who, text: string, variables: Record<string, unknown> = {}) => {
      const { data, errors } = await query<T>(who, text, variables);
      expect(errors).toEqual([]);
      return data as T;
    },
    mutate,
    mergeRequestRow,
    createMergeRequest: async (title, sourceBranch) => {
      const { payload, errors } = await mutate(
        'developer',
        'mergeRequestCreate',
        { projectPath: PLAYGROUND, title, sourceBranch, targetBranch: 'main' },
        'iid',
      );
      expect(errors).toEqual([]);
      expect(payload?.errors).toEqual([]);
      return mergeRequestRow(PLAYGROUND, Number(payload?.mergeRequest?.iid));
    },
  };
}
