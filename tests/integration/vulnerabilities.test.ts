/**
 * Vulnerability management over REST and GraphQL on both databases: who may read and triage, every
 * state transition with its history and note, the 304 and "already" answers, issues made from and
 * linked to vulnerabilities, and report ingestion from GitLab's own report samples: deduplication,
 * updates, 'no longer detected' and redetection.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VULNERABILITY_MESSAGES } from '../../src/core/domain/vulnerabilities.ts';
import { BACKENDS } from '../helpers/backends.ts';
import { dataOf, NOT_AVAILABLE, type Person, signedInClients } from '../helpers/epicSidebar.ts';
import { HttpClient } from '../helpers/httpClient.ts';
import { closeCheckingRollups } from '../helpers/rollups.ts';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../helpers/testServer.ts';

const API = 'acme/platform/backend/api';
const WEBAPP = 'acme/product/web/webapp';
const STORAGE = 'acme/platform/backend/storage/object-store';
const FREE_PROJECT_GROUP = 'sandbox';

type Who = Person | 'anonymous' | 'maintainer';

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../fixtures/security-reports/${name}`, import.meta.url), 'utf8'));

interface VulnerabilityJson {
  id: number;
  title: string;
  state: string;
  severity: string;
  report_type: string;
  dismissal_reason: string | null;
  confirmed_by_id: number | null;
  resolved_on_default_branch: boolean;
  project: { id: number; full_path: string };
  [field: string]: unknown;
}

interface IngestionJson {
  report_type: string;
  findings: number;
  created: number;
  updated: number;
  unchanged: number;
  no_longer_detected: number;
  redetected: number;
  skipped: unknown[];
}

describe.each(BACKENDS)('vulnerabilities (%s)', (backend) => {
  let server: TestServer;
  let clients: Map<Who, HttpClient>;
  const as = (who: Who) => clients.get(who)!;
  const projectIds: Record<string, number> = {};

  const send = (who: Who, method: string, path: string, json?: unknown) =>
    as(who).request(method, path, {
      ...(json === undefined ? {} : { json }),
      headers: { 'x-csrf-token': as(who).csrfToken },
    });
  async function call<T>(who: Who, method: string, path: string, status: number, json?: unknown): Promise<T> {
    const response = await send(who, method, `/api/v4${path}`, json);
    const text = await response.text();
    expect({ status: response.status, text }).toMatchObject({ status });
    return (text ? JSON.parse(text) : undefined) as T;
  }
  const vulnerabilityRow = (id: number) =>
    server.db.selectFrom('vulnerabilities').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const idByTitle = async (title: string) =>
    (
      await server.db
        .selectFrom('vulnerabilities')
        .select('id')
        .where('title', '=', title)
        .executeTakeFirstOrThrow()
    ).id;
  const gid = (id: number) => `gid://gitlab/Vulnerability/${id}`;

  beforeAll(async () => {
    server = await startTestServer({ backend, epics: 20, issues: 60 });
    clients = (await signedInClients(server)) as Map<Who, HttpClient>;
    const maintainer = new HttpClient(server.baseUrl);
    await maintainer.signIn('maintainer', TEST_PASSWORD);
    clients.set('maintainer', maintainer);
    const projects = await server.db.selectFrom('projects').select(['id', 'full_path']).execute();
    for (const project of projects) projectIds[project.full_path] = project.id;
  });

  afterAll(async () => {
    await closeCheckingRollups(server);
  });

  describe('reading', () => {
    it('lists a project’s vulnerabilities to Developers and up, with GitLab’s fields and pagination', async () => {
      const response = await send(
        'developer',
        'GET',
        `/api/v4/projects/${projectIds[API]}/vulnerabilities?per_page=5`,
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('x-total')).toBe('13');
      const page = (await response.json()) as VulnerabilityJson[];
      expect(page).toHaveLength(5);
      expect(page[0]).toMatchObject({
        project: { id: projectIds[API], full_path: API, full_name: 'Acme Corp / Platform / Backend / API' },
        confidence: 'unknown',
      });
      expect(Object.keys(page[0]!)).toEqual(
        expect.arrayContaining([
          'id',
          'title',
          'description',
          'state',
          'severity',
          'report_type',
          'author_id',
          'closed_by_id',
          'created_at',
          'updated_at',
          'closed_at',
        ]),
      );
    });

    it('refuses readers below Developer (403), visitors (401) and hides private projects (404)', async () => {
      const path = `/projects/${projectIds[API]}/vulnerabilities`;
      await call('reporter', 'GET', path, 403);
      await call('guest', 'GET', path, 403);
      await call('outsider', 'GET', path, 403);
      await call('anonymous', 'GET', path, 401);
      await call(
        'outsider',
        'GET',
        `/projects/${projectIds['acme/security/vault-audit']}/vulnerabilities`,
        404,
      );
      const id = await idByTitle('AWS access token');
      await call('reporter', 'GET', `/vulnerabilities/${id}`, 403);
      await call('anonymous', 'GET', `/vulnerabilities/${id}`, 401);
      await call('developer', 'GET', '/vulnerabilities/999999', 404);
      await call('developer', 'GET', '/vulnerabilities/abc', 400);
      expect(await call<VulnerabilityJson>('developer', 'GET', `/vulnerabilities/${id}`, 200)).toMatchObject({
        id,
        title: 'AWS access token',
        severity: 'critical',
        state: 'detected',
        report_type: 'secret_detection',
      });
    });

    it('keeps the report from groups whose plan lacks it', async () => {
      const sandboxProject = Object.keys(projectIds).find((path) =>
        path.startsWith(`${FREE_PROJECT_GROUP}/`),
      );
      if (!sandboxProject) return;
      await call('owner', 'GET', `/projects/${projectIds[sandboxProject]}/vulnerabilities`, 403);
    });

    it('filters and counts over GraphQL with GitLab’s arguments', async () => {
      const result = await as('developer').graphql<{
        project: {
          vulnerabilities: {
            count: number;
            nodes: {
              title: string;
              severity: string;
              state: string;
              reportType: string;
              scanner: { externalId: string; reportTypeHumanized: string };
              location: Record<string, unknown>;
            }[];
          };
          vulnerabilitySeveritiesCount: Record<string, number>;
          high: { nodes: { severity: string; location: unknown }[] };
          scanners: { externalId: string }[];
        };
      }>(
        `query($fullPath: ID!) {
          project(fullPath: $fullPath) {
            vulnerabilities(reportType: [SAST], sort: severity_desc, first: 10) {
              count
              nodes {
                title severity state reportType
                scanner { externalId reportTypeHumanized }
                location { ... on VulnerabilityLocationSast { file startLine endLine } }
              }
            }
            vulnerabilitySeveritiesCount(state: [DETECTED, CONFIRMED]) { critical high medium low info unknown }
            high: vulnerabilities(severity: [HIGH], scanner: ["gemnasium"]) {
              nodes { severity location { ... on VulnerabilityLocationDependencyScanning { file dependency { package { name } version } } } }
            }
            scanners: vulnerabilityScanners { externalId }
          }
        }`,
        { fullPath: API },
      );
      const { project } = dataOf(result);
      expect(project.vulnerabilities.count).toBe(6);
      expect(project.vulnerabilities.nodes.map((node) => node.severity)).toEqual([
        'CRITICAL',
        'HIGH',
        'HIGH',
        'MEDIUM',
        'LOW',
        'INFO',
      ]);
      expect(project.vulnerabilities.nodes[0]).toMatchObject({
        title: "Improper limitation of a pathname to a restricted directory ('Path Traversal')",
        reportType: 'SAST',
        scanner: { externalId: 'semgrep', reportTypeHumanized: 'SAST' },
        location: { file: 'app/files/download.go', startLine: '31', endLine: '33' },
      });
      // The demo dismissed one and resolved one of the 13.
      expect(project.vulnerabilitySeveritiesCount).toEqual({
        critical: 2,
        high: 3,
        medium: 3,
        low: 2,
        info: 1,
        unknown: 0,
      });
      expect(project.high.nodes).toEqual([
        {
          severity: 'HIGH',
          location: {
            file: 'go.sum',
            dependency: { package: { name: 'golang.org/x/net' }, version: 'v0.17.0' },
          },
        },
      ]);
      expect(project.scanners.map((scanner) => scanner.externalId).sort()).toEqual([
        'gemnasium',
        'gitleaks',
        'semgrep',
      ]);
    });

    it('is null over GraphQL for a reader below Developer', async () => {
      const result = await as('reporter').graphql<{
        project: { vulnerabilities: null; vulnerabilitySeveritiesCount: null };
      }>(
        `query { project(fullPath: "${API}") { vulnerabilities { count } vulnerabilitySeveritiesCount { high } } }`,
      );
      expect(dataOf(result).project).toEqual({ vulnerabilities: null, vulnerabilitySeveritiesCount: null });
    });

    it('lists a group’s vulnerabilities across its projects, and by project', async () => {
      const result = await as('developer').graphql<{
        group: { all: { count: number }; web: { count: number } };
      }>(
        `query($projectId: [ID!]) {
          group(fullPath: "acme") {
            all: vulnerabilities { count }
            web: vulnerabilities(projectId: $projectId) { count }
          }
        }`,
        { projectId: [`gid://gitlab/Project/${projectIds[WEBAPP]}`] },
      );
      expect(dataOf(result).group).toEqual({ all: { count: 19 }, web: { count: 6 } });
      // The same query again runs compiled (Mercurius' JIT): counts must still resolve.
      for (const first of [2, 3, 4]) {
        const again = await as('developer').graphql<{ group: { all: { count: number } } }>(
          'query($first: Int) { group(fullPath: "acme") { all: vulnerabilities(first: $first) { count } } }',
          { first },
        );
        expect(dataOf(again).group.all.count).toBe(19);
      }
    });

    it('pages with keyset cursors in severity order', async () => {
      const query = `query($after: String) { project(fullPath: "${API}") {
        vulnerabilities(first: 5, after: $after) { nodes { id severity } pageInfo { hasNextPage endCursor } } } }`;
      type Page = {
        project: {
          vulnerabilities: {
            nodes: { id: string; severity: string }[];
            pageInfo: { hasNextPage: boolean; endCursor: string };
          };
        };
      };
      const seen: string[] = [];
      let after: string | null = null;
      for (let round = 0; round < 5; round++) {
        const result = await as('developer').graphql<Page>(query, { after });
        const page: Page['project']['vulnerabilities'] = dataOf(result).project.vulnerabilities;
        seen.push(...page.nodes.map((node) => node.id));
        if (!page.pageInfo.hasNextPage) break;
        after = page.pageInfo.endCursor;
      }
      expect(new Set(seen).size).toBe(13);
      // Backwards from the end gives the same rows in the same order.
      const backward = `query($before: String) { project(fullPath: "${API}") {
        vulnerabilities(last: 5, before: $before) { nodes { id } pageInfo { hasPreviousPage startCursor } } } }`;
      const seenBackward: string[] = [];
      let before: string | null = null;
      for (let round = 0; round < 5; round++) {
        type Backward = {
          project: {
            vulnerabilities: {
              nodes: { id: string }[];
              pageInfo: { hasPreviousPage: boolean; startCursor: string };
            };
          };
        };
        const result = await as('developer').graphql<Backward>(backward, { before });
        const page: Backward['project']['vulnerabilities'] = dataOf(result).project.vulnerabilities;
        seenBackward.unshift(...page.nodes.map((node) => node.id));
        if (!page.pageInfo.hasPreviousPage) break;
        before = page.pageInfo.startCursor;
      }
      expect(seenBackward).toEqual(seen);
    });
  });

  describe('state changes', () => {
    it('lets Maintainers confirm, dismiss, revert and resolve, answering 304 for the state it has', async () => {
      const id = await idByTitle('AWS access token');
      await call('developer', 'POST', `/vulnerabilities/${id}/confirm`, 403);
      await call('anonymous', 'POST', `/vulnerabilities/${id}/confirm`, 401);
      const confirmed = await call<VulnerabilityJson>(
        'maintainer',
        'POST',
        `/vulnerabilities/${id}/confirm`,
        201,
        {
          comment: 'Key is live.',
        },
      );
      expect(confirmed).toMatchObject({ state: 'confirmed', confirmed_by_id: expect.any(Number) });
      await call('maintainer', 'POST', `/vulnerabilities/${id}/confirm`, 304);

      const dismissed = await call<VulnerabilityJson>(
        'maintainer',
        'POST',
        `/vulnerabilities/${id}/dismiss`,
        201,
        {
          dismissal_reason: 'used_in_tests',
        },
      );
      expect(dismissed).toMatchObject({
        state: 'dismissed',
        dismissal_reason: 'used_in_tests',
        confirmed_by_id: null,
      });
      expect(dismissed.closed_at).toEqual(expect.any(String));
      await call('maintainer', 'POST', `/vulnerabilities/${id}/dismiss`, 304);

      const reverted = await call<VulnerabilityJson>(
        'maintainer',
        'POST',
        `/vulnerabilities/${id}/revert`,
        201,
      );
      expect(reverted).toMatchObject({ state: 'detected', dismissal_reason: null, closed_at: null });
      await call('maintainer', 'POST', `/vulnerabilities/${id}/revert`, 304);
      expect(
        await call<VulnerabilityJson>('owner', 'POST', `/vulnerabilities/${id}/resolve`, 201),
      ).toMatchObject({
        state: 'resolved',
      });

      const history = await server.db
        .selectFrom('vulnerability_state_transitions')
        .select(['from_state', 'to_state', 'comment', 'dismissal_reason'])
        .where('vulnerability_id', '=', id)
        .orderBy('id')
        .execute();
      expect(history).toEqual([
        { from_state: 'detected', to_state: 'confirmed', comment: 'Key is live.', dismissal_reason: null },
        { from_state: 'confirmed', to_state: 'dismissed', comment: null, dismissal_reason: 'used_in_tests' },
        { from_state: 'dismissed', to_state: 'detected', comment: null, dismissal_reason: null },
        { from_state: 'detected', to_state: 'resolved', comment: null, dismissal_reason: null },
      ]);
      const notes = await server.db
        .selectFrom('notes')
        .select(['note', 'system'])
        .where('noteable_type', '=', 'Vulnerability')
        .where('noteable_id', '=', id)
        .orderBy('id')
        .execute();
      expect(notes.map((note) => note.note)).toEqual([
        'changed vulnerability status from Needs triage to Confirmed with the following comment: "Key is live."',
        'changed vulnerability status from Confirmed to Dismissed: Used in tests',
        'changed vulnerability status from Dismissed to Needs triage',
        'changed vulnerability status from Needs triage to Resolved',
      ]);
      expect(notes.every((note) => note.system)).toBe(true);
    });

    it('refuses bad input with a 4xx and changes nothing', async () => {
      const id = await idByTitle('GitLab personal access token');
      const before = await vulnerabilityRow(id);
      await call('maintainer', 'POST', `/vulnerabilities/${id}/dismiss`, 400, {
        dismissal_reason: 'because',
      });
      await call('maintainer', 'POST', `/vulnerabilities/${id}/confirm`, 400, {
        comment: 'x'.repeat(50_001),
      });
      await call('maintainer', 'POST', `/vulnerabilities/${id}/explode`, 404);
      await call('maintainer', 'POST', '/vulnerabilities/0/confirm', 400);
      expect(await vulnerabilityRow(id)).toEqual(before);
    });

    it('changes states over GraphQL, with "already" errors and GitLab’s refusal for non-Maintainers', async () => {
      const id = await idByTitle('Use of cryptographically weak pseudo-random number generator (PRNG)');
      const confirm = `mutation($id: VulnerabilityID!) { vulnerabilityConfirm(input: { id: $id, comment: "triaged" }) {
        vulnerability { state confirmedBy { username } stateTransitions { nodes { fromState toState comment author { username } } } }
        errors } }`;
      const denied = await as('developer').graphql(confirm, { id: gid(id) });
      expect(denied.body.errors?.[0]?.message).toMatch(NOT_AVAILABLE);
      const first = dataOf(
        await as('maintainer').graphql<{
          vulnerabilityConfirm: {
            vulnerability: { state: string; confirmedBy: { username: string } };
            errors: string[];
          };
        }>(confirm, { id: gid(id) }),
      );
      expect(first.vulnerabilityConfirm).toMatchObject({
        vulnerability: {
          state: 'CONFIRMED',
          confirmedBy: { username: 'maintainer' },
          stateTransitions: {
            nodes: [
              {
                fromState: 'DETECTED',
                toState: 'CONFIRMED',
                comment: 'triaged',
                author: { username: 'maintainer' },
              },
            ],
          },
        },
        errors: [],
      });
      const again = dataOf(
        await as('maintainer').graphql<{ vulnerabilityConfirm: { errors: string[] } }>(confirm, {
          id: gid(id),
        }),
      );
      expect(again.vulnerabilityConfirm.errors).toEqual([VULNERABILITY_MESSAGES.already('confirmed')]);

      const dismiss = dataOf(
        await as('maintainer').graphql<{
          vulnerabilityDismiss: {
            vulnerability: { state: string; dismissalReason: string };
            errors: string[];
          };
        }>(
          `mutation($id: VulnerabilityID!) { vulnerabilityDismiss(input: { id: $id, dismissalReason: MITIGATING_CONTROL }) {
            vulnerability { state dismissalReason } errors } }`,
          { id: gid(id) },
        ),
      );
      expect(dismiss.vulnerabilityDismiss).toEqual({
        vulnerability: { state: 'DISMISSED', dismissalReason: 'MITIGATING_CONTROL' },
        errors: [],
      });
      const revert = dataOf(
        await as('maintainer').graphql<{
          vulnerabilityRevertToDetected: { vulnerability: { state: string; dismissalReason: null } };
        }>(
          `mutation($id: VulnerabilityID!) { vulnerabilityRevertToDetected(input: { id: $id }) { vulnerability { state dismissalReason } errors } }`,
          { id: gid(id) },
        ),
      );
      expect(revert.vulnerabilityRevertToDetected.vulnerability).toEqual({
        state: 'DETECTED',
        dismissalReason: null,
      });
      const wrongType = await as('maintainer').graphql(confirm, { id: 'gid://gitlab/Issue/1' });
      expect(wrongType.body.errors?.[0]?.message).toMatch(/not a valid|Vulnerability/);
    });

    it('dismisses up to 100 at once, all or nothing', async () => {
      const ids = [
        await idByTitle('Improper validation of audience in golang-jwt'),
        await idByTitle('Improper input validation in gin'),
      ];
      const bulk = `mutation($ids: [VulnerabilityID!]!) { vulnerabilitiesDismiss(input: { vulnerabilityIds: $ids, dismissalReason: ACCEPTABLE_RISK, comment: "Not reachable" }) {
        vulnerabilities { state dismissalReason } errors } }`;
      const tooMany = await as('maintainer').graphql(bulk, {
        ids: Array.from({ length: 101 }, (_, index) => gid(index + 1)),
      });
      expect(tooMany.body.errors?.[0]?.message).toBe('Variable $ids has too many values (maximum is 100)');
      const withHidden = await as('maintainer').graphql(bulk, { ids: [...ids.map(gid), gid(999_999)] });
      expect(withHidden.body.errors?.[0]?.message).toMatch(NOT_AVAILABLE);
      for (const id of ids) expect((await vulnerabilityRow(id)).state).toBe('detected');
      const done = dataOf(
        await as('maintainer').graphql<{
          vulnerabilitiesDismiss: { vulnerabilities: unknown[]; errors: string[] };
        }>(bulk, { ids: ids.map(gid) }),
      );
      expect(done.vulnerabilitiesDismiss).toEqual({
        vulnerabilities: [
          { state: 'DISMISSED', dismissalReason: 'ACCEPTABLE_RISK' },
          { state: 'DISMISSED', dismissalReason: 'ACCEPTABLE_RISK' },
        ],
        errors: [],
      });
    });
  });

  describe('issues', () => {
    it('creates an issue from vulnerabilities that links back, and lists them on the issue', async () => {
      const id = await idByTitle('Cross site scripting (reflected)');
      const create = `mutation($project: ProjectID!, $ids: [VulnerabilityID!]!) {
        vulnerabilitiesCreateIssue(input: { project: $project, vulnerabilityIds: $ids }) { issue { id iid title description webPath } errors } }`;
      const variables = { project: `gid://gitlab/Project/${projectIds[WEBAPP]}`, ids: [gid(id)] };
      const denied = await as('reporter').graphql(create, variables);
      expect(denied.body.errors?.[0]?.message).toMatch(NOT_AVAILABLE);
      const wrongProject = dataOf(
        await as('developer').graphql<{ vulnerabilitiesCreateIssue: { errors: string[] } }>(create, {
          ...variables,
          project: `gid://gitlab/Project/${projectIds[API]}`,
        }),
      );
      expect(wrongProject.vulnerabilitiesCreateIssue.errors).toEqual([
        VULNERABILITY_MESSAGES.differentProjects,
      ]);
      const made = dataOf(
        await as('developer').graphql<{
          vulnerabilitiesCreateIssue: {
            issue: { id: string; iid: string; title: string; description: string };
            errors: string[];
          };
        }>(create, variables),
      ).vulnerabilitiesCreateIssue;
      expect(made.errors).toEqual([]);
      expect(made.issue.title).toBe('Investigate vulnerability: Cross site scripting (reflected)');
      expect(made.issue.description).toContain(`http://localhost/${WEBAPP}/-/security/vulnerabilities/${id}`);
      expect(made.issue.description).toContain('CWE-79');

      const links = dataOf(
        await as('developer').graphql<{
          vulnerability: {
            issueLinks: { nodes: { linkType: string; issue: { iid: string } }[] };
            notes: { body: string }[];
          };
        }>(
          `query($id: VulnerabilityID!) { vulnerability(id: $id) { issueLinks { nodes { linkType issue { iid } } } notes { body } } }`,
          { id: gid(id) },
        ),
      ).vulnerability;
      expect(links.issueLinks.nodes).toEqual([{ linkType: 'CREATED', issue: { iid: made.issue.iid } }]);
      expect(links.notes.map((note) => note.body)).toEqual([`created issue #${made.issue.iid}`]);

      const related = dataOf(
        await as('developer').graphql<{
          project: { issue: { relatedVulnerabilities: { title: string }[] } };
        }>(
          `query { project(fullPath: "${WEBAPP}") { issue(iid: "${made.issue.iid}") { relatedVulnerabilities { title } } } }`,
        ),
      );
      expect(related.project.issue.relatedVulnerabilities).toEqual([
        { title: 'Cross site scripting (reflected)' },
      ]);
      const hidden = dataOf(
        await as('reporter').graphql<{ project: { issue: { relatedVulnerabilities: unknown[] } } }>(
          `query { project(fullPath: "${WEBAPP}") { issue(iid: "${made.issue.iid}") { relatedVulnerabilities { title } } } }`,
        ),
      );
      expect(hidden.project.issue.relatedVulnerabilities).toEqual([]);
    });

    it('links an existing issue as related, once', async () => {
      const id = await idByTitle('Content Security Policy (CSP) header not set');
      const issue = await server.db
        .selectFrom('issues')
        .select(['id', 'iid'])
        .where('project_id', '=', projectIds[API]!)
        .orderBy('iid')
        .executeTakeFirstOrThrow();
      const link = `mutation($issue: IssueID!, $ids: [VulnerabilityID!]!) {
        vulnerabilityIssueLinkCreate(input: { issueId: $issue, vulnerabilityIds: $ids }) { issueLinks { linkType } errors } }`;
      const variables = { issue: `gid://gitlab/Issue/${issue.id}`, ids: [gid(id)] };
      const first = dataOf(
        await as('developer').graphql<{ vulnerabilityIssueLinkCreate: { issueLinks: unknown[] } }>(
          link,
          variables,
        ),
      );
      expect(first.vulnerabilityIssueLinkCreate.issueLinks).toEqual([{ linkType: 'RELATED' }]);
      const second = dataOf(
        await as('developer').graphql<{ vulnerabilityIssueLinkCreate: { issueLinks: unknown[] } }>(
          link,
          variables,
        ),
      );
      expect(second.vulnerabilityIssueLinkCreate.issueLinks).toEqual([]);
      const notes = await server.db
        .selectFrom('notes')
        .select('note')
        .where('noteable_type', '=', 'Vulnerability')
        .where('noteable_id', '=', id)
        .execute();
      expect(notes).toEqual([{ note: `linked issue ${API}#${issue.iid}` }]);
    });

    it('shows a note naming a linked issue only to those who may see the issue', async () => {
      const id = await idByTitle('Cross site scripting (reflected)');
      const secret = await call<{ id: number; iid: number }>(
        'owner',
        'POST',
        `/projects/${projectIds[API]}/issues`,
        201,
        {
          title: 'Embargoed fix',
          confidential: true,
        },
      );
      const outsider = await server.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'outsider')
        .executeTakeFirstOrThrow();
      // A Developer of the vulnerability's project only: they read its report, not the other
      // project's confidential issues.
      await call('owner', 'POST', `/projects/${projectIds[WEBAPP]}/members`, 201, {
        user_id: outsider.id,
        access_level: 30,
      });
      const link = `mutation($issue: IssueID!, $ids: [VulnerabilityID!]!) {
        vulnerabilityIssueLinkCreate(input: { issueId: $issue, vulnerabilityIds: $ids }) { errors } }`;
      const linked = await as('developer').graphql<{ vulnerabilityIssueLinkCreate: { errors: string[] } }>(
        link,
        {
          issue: `gid://gitlab/Issue/${secret.id}`,
          ids: [gid(id)],
        },
      );
      expect(dataOf(linked).vulnerabilityIssueLinkCreate.errors).toEqual([]);
      const notesFor = async (who: Who) =>
        dataOf(
          await as(who).graphql<{ vulnerability: { notes: { body: string }[] } | null }>(
            `query($id: VulnerabilityID!) { vulnerability(id: $id) { notes { body } } }`,
            { id: gid(id) },
          ),
        ).vulnerability?.notes.map((note) => note.body);
      const note = `linked issue ${API}#${secret.iid}`;
      expect(await notesFor('developer')).toContain(note);
      const seen = await notesFor('outsider');
      expect(seen).toBeDefined();
      expect(seen).not.toContain(note);
    });
  });

  describe('report ingestion', () => {
    const upload = (who: Who, report: unknown, status: number, query = '') =>
      call<IngestionJson>(
        who,
        'POST',
        `/projects/${projectIds[STORAGE]}/security_reports${query}`,
        status,
        report,
      );
    const storageCount = async () =>
      Number(
        (
          await server.db
            .selectFrom('vulnerabilities')
            .select((eb) => eb.fn.countAll<string>().as('count'))
            .where('project_id', '=', projectIds[STORAGE]!)
            .executeTakeFirstOrThrow()
        ).count,
      );

    it('creates one vulnerability per finding of each real report, and none twice', async () => {
      expect(projectIds[STORAGE]).toBeDefined();
      const reports = [
        ['gl-sast-report.json', 'sast'],
        ['gl-dependency-scanning-report.json', 'dependency_scanning'],
        ['gl-container-scanning-report.json', 'container_scanning'],
        ['gl-dast-report.json', 'dast'],
        ['gl-secret-detection-report.json', 'secret_detection'],
      ] as const;
      let total = 0;
      for (const [file, type] of reports) {
        const query = type === 'dependency_scanning' ? '?report_type=dependency_scanning' : '';
        const summary = await upload('developer', fixture(file), 201, query);
        expect(summary.report_type).toBe(type);
        expect(summary.created).toBe(summary.findings);
        total += summary.created;
        const again = await upload('developer', fixture(file), 201, query);
        expect(again).toMatchObject({
          created: 0,
          updated: 0,
          unchanged: summary.findings,
          no_longer_detected: 0,
        });
      }
      expect(await storageCount()).toBe(total);
    });

    it('updates what changed and marks what the scanner no longer found', async () => {
      const before = await storageCount();
      const summary = await upload('developer', fixture('sast-rescan.json'), 201);
      expect(summary).toMatchObject({ created: 0, updated: 1, no_longer_detected: 1 });
      expect(await storageCount()).toBe(before);
      const gone = await server.db
        .selectFrom('vulnerabilities')
        .select(['title', 'resolved_on_default_branch'])
        .where('project_id', '=', projectIds[STORAGE]!)
        .where('resolved_on_default_branch', '=', true)
        .execute();
      expect(gone).toHaveLength(1);
      const noLonger = dataOf(
        await as('developer').graphql<{ project: { vulnerabilities: { count: number } } }>(
          `query { project(fullPath: "${STORAGE}") { vulnerabilities(hasResolution: true) { count } } }`,
        ),
      );
      expect(noLonger.project.vulnerabilities.count).toBe(1);
    });

    it('sets a resolved vulnerability back to detected when a report finds it again', async () => {
      const [gone] = await server.db
        .selectFrom('vulnerabilities')
        .select('id')
        .where('project_id', '=', projectIds[STORAGE]!)
        .where('resolved_on_default_branch', '=', true)
        .execute();
      await call('maintainer', 'POST', `/vulnerabilities/${gone!.id}/resolve`, 201);
      const summary = await upload('developer', fixture('gl-sast-report.json'), 201);
      expect(summary).toMatchObject({ created: 0, redetected: 1 });
      expect(await vulnerabilityRow(gone!.id)).toMatchObject({
        state: 'detected',
        resolved_on_default_branch: false,
      });
    });

    it('refuses uploads from below Developer and reports that are not GitLab’s format', async () => {
      const before = await storageCount();
      await upload('reporter', fixture('gl-sast-report.json'), 403);
      await upload('anonymous', fixture('gl-sast-report.json'), 401);
      const notAReport = await upload('developer', { hello: 'world' }, 400);
      expect(notAReport).toMatchObject({ message: expect.any(String) });
      await upload('developer', [1, 2, 3], 400);
      const response = await send(
        'developer',
        'POST',
        `/api/v4/projects/${projectIds[STORAGE]}/security_reports`,
        undefined,
      );
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(await storageCount()).toBe(before);
    });
  });
});
