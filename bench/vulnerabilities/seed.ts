/**
 * The vulnerability report bench's data, written straight with SQL through Kysely (so that the same
 * statements seed PostgreSQL and PGlite) into a migrated, empty database: one Ultimate top-level
 * group `vulns-bench` with 10 subgroups and `projects` projects, a Developer (`vulns-developer`, the
 * reader the bench measures as) and a Maintainer (`vulns-maintainer`, who triaged), then, by
 * `generate_series`, in one transaction with the bulk loads' triggers and foreign-key checks off
 * (`SET LOCAL session_replication_role = replica`):
 *
 * - per project, one scanner for each of 5 report types (`vulnerability_scanners`: Semgrep,
 *   Gemnasium, Trivy, ZAP, Gitleaks) and its latest report (`security_report_ingestions`);
 * - `vulnerabilities` vulnerabilities, detected evenly over the two years before BENCH_NOW (ids
 *   follow time, as in a real instance), spread over the projects with a skew (the largest project
 *   holds ~5% of them, the smallest ~0.7%); report types SAST 35%, dependency scanning 30%,
 *   container scanning 15%, DAST 10%, secret detection 10%; severities critical 3%, high 12%,
 *   medium 35%, low 35%, info 10%, unknown 5%; states detected 70%, confirmed 10%, dismissed 10%
 *   (with a reason) and resolved 10%, each change stamped 0–30 days after detection by the
 *   Maintainer with its state transition; ~5% no longer detected (`resolved_on_default_branch`).
 *   Identifiers, location and links are small jsonb documents as a report's parser stores them,
 *   drawn from a catalogue of 6 real-looking findings per report type;
 * - ~2% of them with an issue created from them ('Investigate vulnerability: …', a `created` link),
 *   closed when the vulnerability is resolved.
 *
 * The draws come from the row's number (hashint8), so a seeding gives the same rows every time.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/server/db/schema.ts';

/** The instant the data ends at. */
export const BENCH_NOW = new Date('2026-06-15T12:00:00.000Z');
export const GROUP_PATH = 'vulns-bench';
export const DEVELOPER = 'vulns-developer';
export const MAINTAINER = 'vulns-maintainer';

const SUBGROUPS = 10;
const SPAN_DAYS = 2 * 365;
const DAY_SECONDS = 86_400;
/** Catalogue entries per report type. */
const FINDINGS_PER_TYPE = 6;

export interface SeedSize {
  readonly projects: number;
  readonly vulnerabilities: number;
}

export interface SeededGroup {
  readonly rootId: number;
  readonly projectIds: readonly number[];
  readonly vulnerabilities: number;
}

/** The group as a previous seeding left it, or null when it is missing or of another size. */
export async function findSeededGroup(db: Kysely<Database>, size: SeedSize): Promise<SeededGroup | null> {
  const { rows: tables } = await sql<{ found: boolean }>`
    select to_regclass('vulnerabilities') is not null as found`.execute(db);
  if (!tables[0]?.found) return null;
  const root = await db
    .selectFrom('namespaces')
    .select('id')
    .where('full_path', '=', GROUP_PATH)
    .where('parent_id', 'is', null)
    .executeTakeFirst();
  const developer = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', DEVELOPER)
    .executeTakeFirst();
  if (!root || !developer) return null;
  const projects = await db
    .selectFrom('projects')
    .select('id')
    .where('root_namespace_id', '=', root.id)
    .orderBy('id')
    .execute();
  const { rows } = await sql<{ count: number }>`
    select count(*)::integer as count from vulnerabilities where root_namespace_id = ${root.id}`.execute(db);
  const found = {
    rootId: root.id,
    projectIds: projects.map((project) => project.id),
    vulnerabilities: rows[0]?.count ?? 0,
  };
  return found.projectIds.length === size.projects && found.vulnerabilities === size.vulnerabilities
    ? found
    : null;
}

/**
 * A fraction in [0, 1) drawn from the row's number and a salt: the same rows whatever order a scan
 * reads them in.
 */
const fraction = (column: string, salt: number) =>
  `((hashint8(${column}::bigint * 7919 + ${salt}) & 2147483647)::float8 / 2147483648)`;

/** One finding of the catalogue: what a scanner's report says of it, less where it is. */
interface CatalogueFinding {
  readonly title: string;
  readonly description: string;
  readonly solution: string | null;
  readonly primary: readonly [type: string, id: string, name: string, url: string | null];
  readonly secondary?: readonly [type: string, id: string, name: string, url: string | null];
  /** The file (SAST, secret detection, dependency scanning) or the URL path (DAST). */
  readonly file: string;
  readonly dependency?: readonly [packageName: string, version: string];
  readonly param?: string;
}

const cwe = (id: number) =>
  ['cwe', String(id), `CWE-${id}`, `https://cwe.mitre.org/data/definitions/${id}.html`] as const;
const cve = (id: string) => ['cve', id, id, `https://nvd.nist.gov/vuln/detail/${id}`] as const;
const semgrep = (id: string) => ['semgrep_id', id, id, null] as const;
const zap = (id: string, name: string) =>
  ['ZAProxy_PluginId', id, name, `https://www.zaproxy.org/docs/alerts/${id}/`] as const;
const gitleaks = (id: string) => ['gitleaks_rule_id', id, id, null] as const;
const upgrade = (version: string) => `Upgrade to version ${version} or above.`;

export const SCANNERS = {
  sast: { id: 'semgrep', name: 'Semgrep' },
  dependency_scanning: { id: 'gemnasium', name: 'Gemnasium' },
  container_scanning: { id: 'trivy', name: 'Trivy' },
  dast: { id: 'zaproxy', name: 'OWASP Zed Attack Proxy (ZAP)' },
  secret_detection: { id: 'gitleaks', name: 'Gitleaks' },
} as const;
type SeededReportType = keyof typeof SCANNERS;

const CATALOGUE: Record<SeededReportType, readonly CatalogueFinding[]> = {
  sast: [
    {
      title: 'Improper neutralization of special elements used in an SQL Command (SQL Injection)',
      description: 'SQL queries built by concatenating user input allow an attacker to change the query.',
      solution: 'Use parameterized queries instead of string concatenation.',
      primary: semgrep('go_sql_rule-concat-sqli'),
      secondary: cwe(89),
      file: 'app/handlers/search.go',
    },
    {
      title: "Improper limitation of a pathname to a restricted directory ('Path Traversal')",
      description: 'The file name from the request is joined to the storage root without cleaning.',
      solution: 'Clean the path and check that the result stays inside the storage root.',
      primary: semgrep('go_filesystem_rule-fileread'),
      secondary: cwe(22),
      file: 'app/files/download.go',
    },
    {
      title: "Improper neutralization of input during web page generation ('Cross-site Scripting')",
      description: 'User content is rendered with dangerouslySetInnerHTML without sanitising it.',
      solution: 'Render the content as text, or sanitise it with an allow-list first.',
      primary: semgrep('javascript_xss_rule-dangerouslysetinnerhtml'),
      secondary: cwe(79),
      file: 'web/src/components/Comment.tsx',
    },
    {
      title: 'Use of a broken or risky cryptographic algorithm',
      description: 'Tokens are hashed with SHA-1, which is no longer considered collision resistant.',
      solution: 'Hash tokens with SHA-256 or a keyed HMAC.',
      primary: semgrep('python_crypto_rule-hashlib-sha1'),
      secondary: cwe(327),
      file: 'service/auth/tokens.py',
    },
    {
      title: "URL redirection to untrusted site ('Open Redirect')",
      description: 'The `next` parameter is used as the redirect target without checking its host.',
      solution: null,
      primary: semgrep('java_endpoint_rule-UnvalidatedRedirect'),
      secondary: cwe(601),
      file: 'src/main/java/com/example/web/LoginController.java',
    },
    {
      title: 'Use of cryptographically weak pseudo-random number generator (PRNG)',
      description: '`math/rand` is used to build identifiers that should be unpredictable.',
      solution: null,
      primary: semgrep('go_crypto_rule-weakrandsource'),
      secondary: cwe(338),
      file: 'app/util/random.go',
    },
  ],
  dependency_scanning: [
    {
      title: 'HTTP/2 rapid reset can cause excessive work in net/http',
      description: 'A client that rapidly creates requests and resets them can exhaust the server.',
      solution: upgrade('0.17.0'),
      primary: cve('CVE-2023-39325'),
      secondary: ['ghsa', 'GHSA-4374-p667-p6c8', 'GHSA-4374-p667-p6c8', null],
      file: 'go.sum',
      dependency: ['golang.org/x/net', 'v0.15.0'],
    },
    {
      title: 'Command injection in lodash',
      description: 'The template function lets an attacker run commands through the variable option.',
      solution: upgrade('4.17.21'),
      primary: cve('CVE-2021-23337'),
      secondary: ['ghsa', 'GHSA-35jh-r3h4-6jhm', 'GHSA-35jh-r3h4-6jhm', null],
      file: 'package-lock.json',
      dependency: ['lodash', '4.17.20'],
    },
    {
      title: 'Uncontrolled resource consumption in jackson-databind',
      description: 'Deeply nested arrays can exhaust the stack when UNWRAP_SINGLE_VALUE_ARRAYS is on.',
      solution: upgrade('2.13.4.1'),
      primary: cve('CVE-2022-42003'),
      secondary: ['ghsa', 'GHSA-jjjh-jjxp-wpff', 'GHSA-jjjh-jjxp-wpff', null],
      file: 'gradle.lockfile',
      dependency: ['com.fasterxml.jackson.core/jackson-databind', '2.13.2'],
    },
    {
      title: 'Unintended leak of Proxy-Authorization header in requests',
      description: 'Proxy credentials are sent to the destination server on HTTPS redirects.',
      solution: upgrade('2.31.0'),
      primary: cve('CVE-2023-32681'),
      secondary: ['ghsa', 'GHSA-j8r2-6x86-q33q', 'GHSA-j8r2-6x86-q33q', null],
      file: 'requirements.txt',
      dependency: ['requests', '2.28.1'],
    },
    {
      title: 'Improper handling of unexpected data type in Nokogiri',
      description: 'A crafted document can make the SAX parser dereference a null pointer.',
      solution: upgrade('1.13.10'),
      primary: cve('CVE-2022-23476'),
      secondary: ['ghsa', 'GHSA-qv4q-mr5r-qprj', 'GHSA-qv4q-mr5r-qprj', null],
      file: 'Gemfile.lock',
      dependency: ['nokogiri', '1.13.8'],
    },
    {
      title: 'Open redirect in malformed URLs in express',
      description: 'res.location and res.redirect can be made to redirect to another host.',
      solution: upgrade('4.19.2'),
      primary: cve('CVE-2024-29041'),
      secondary: ['ghsa', 'GHSA-rv95-896h-c2vc', 'GHSA-rv95-896h-c2vc', null],
      file: 'package-lock.json',
      dependency: ['express', '4.17.1'],
    },
  ],
  container_scanning: [
    {
      title: 'CVE-2023-5678 in openssl',
      description: 'Generating or checking excessively long X9.42 DH keys may be very slow.',
      solution: upgrade('3.0.13-1~deb12u1'),
      primary: cve('CVE-2023-5678'),
      file: 'Dockerfile',
      dependency: ['openssl', '3.0.11-1~deb12u1'],
    },
    {
      title: 'CVE-2023-4911 in glibc',
      description: 'A buffer overflow in the dynamic loader lets a local user escalate privileges.',
      solution: upgrade('2.36-9+deb12u3'),
      primary: cve('CVE-2023-4911'),
      file: 'Dockerfile',
      dependency: ['libc6', '2.36-9+deb12u1'],
    },
    {
      title: 'CVE-2023-45853 in zlib',
      description: 'An integer overflow in zipOpenNewFileInZip4_64 leads to a heap buffer overflow.',
      solution: null,
      primary: cve('CVE-2023-45853'),
      file: 'Dockerfile',
      dependency: ['zlib1g', '1:1.2.13.dfsg-1'],
    },
    {
      title: 'CVE-2023-38545 in curl',
      description: 'A heap buffer overflow in the SOCKS5 proxy handshake.',
      solution: upgrade('7.88.1-10+deb12u4'),
      primary: cve('CVE-2023-38545'),
      file: 'Dockerfile',
      dependency: ['curl', '7.88.1-10+deb12u1'],
    },
    {
      title: 'CVE-2023-52425 in expat',
      description: 'Parsing large tokens can trigger a denial of service.',
      solution: null,
      primary: cve('CVE-2023-52425'),
      file: 'Dockerfile',
      dependency: ['libexpat1', '2.5.0-1'],
    },
    {
      title: 'CVE-2023-31484 in perl',
      description: 'CPAN.pm does not verify TLS certificates when downloading distributions.',
      solution: upgrade('5.36.0-7+deb12u1'),
      primary: cve('CVE-2023-31484'),
      file: 'Dockerfile',
      dependency: ['perl-base', '5.36.0-7'],
    },
  ],
  dast: [
    {
      title: 'Content Security Policy (CSP) Header Not Set',
      description: 'The response sets no Content-Security-Policy header.',
      solution: 'Configure the web server to set the Content-Security-Policy header.',
      primary: zap('10038', 'Content Security Policy (CSP) Header Not Set'),
      secondary: cwe(693),
      file: '/',
    },
    {
      title: 'Absence of Anti-CSRF Tokens',
      description: 'No anti-CSRF token was found in an HTML submission form.',
      solution: 'Use a framework that adds anti-CSRF tokens to every form.',
      primary: zap('10202', 'Absence of Anti-CSRF Tokens'),
      secondary: cwe(352),
      file: '/users/sign_in',
    },
    {
      title: 'Cross Site Scripting (Reflected)',
      description: 'The `q` parameter is echoed into the page without encoding.',
      solution: 'Encode all output that contains request data.',
      primary: zap('40012', 'Cross Site Scripting (Reflected)'),
      secondary: cwe(79),
      file: '/search',
      param: 'q',
    },
    {
      title: 'Missing Anti-clickjacking Header',
      description: 'The response sets neither X-Frame-Options nor a frame-ancestors directive.',
      solution: null,
      primary: zap('10020', 'Missing Anti-clickjacking Header'),
      secondary: cwe(1021),
      file: '/dashboard',
    },
    {
      title: 'SQL Injection',
      description: 'The `id` parameter changes the result of a database query.',
      solution: 'Use parameterized queries.',
      primary: zap('40018', 'SQL Injection'),
      secondary: cwe(89),
      file: '/api/v1/items',
      param: 'id',
    },
    {
      title: 'Strict-Transport-Security Header Not Set',
      description: 'The response sets no Strict-Transport-Security header.',
      solution: null,
      primary: zap('10035', 'Strict-Transport-Security Header Not Set'),
      secondary: cwe(319),
      file: '/assets/app.js',
    },
  ],
  secret_detection: [
    {
      title: 'AWS access token',
      description: 'An AWS access key id and its secret are committed to the repository.',
      solution: 'Revoke the key, then remove it from the repository history.',
      primary: gitleaks('AWS'),
      file: 'config/deploy.yml',
    },
    {
      title: 'GitLab personal access token',
      description: 'A GitLab personal access token is committed to the repository.',
      solution: 'Revoke the token, then remove it from the repository history.',
      primary: gitleaks('gitlab_personal_access_token'),
      file: '.env.example',
    },
    {
      title: 'Slack token',
      description: 'A Slack bot token is committed to the repository.',
      solution: 'Revoke the token, then remove it from the repository history.',
      primary: gitleaks('Slack token'),
      file: 'scripts/notify.sh',
    },
    {
      title: 'PKCS8 private key',
      description: 'A private key is committed to the repository.',
      solution: 'Replace the key pair, then remove the key from the repository history.',
      primary: gitleaks('PKCS8 private key'),
      file: 'certs/dev-key.pem',
    },
    {
      title: 'Stripe secret key',
      description: 'A live Stripe secret key is committed to the repository.',
      solution: 'Roll the key in the Stripe dashboard.',
      primary: gitleaks('Stripe'),
      file: 'app/billing/config.rb',
    },
    {
      title: 'Password in URL',
      description: 'A URL with a password in its user information is committed to the repository.',
      solution: null,
      primary: gitleaks('Password in URL'),
      file: 'docker-compose.yml',
    },
  ],
};

/** The catalogue as rows of a jsonb recordset: the report type and the entry's number (0–5). */
function catalogueRows() {
  return Object.entries(CATALOGUE).flatMap(([reportType, findings]) =>
    findings.map((finding, k) => ({
      report_type: reportType,
      k,
      title: finding.title,
      description: finding.description,
      solution: finding.solution,
      identifiers: [finding.primary, ...(finding.secondary ? [finding.secondary] : [])].map(
        ([externalType, externalId, name, url]) => ({ externalType, externalId, name, url }),
      ),
      primary_key: `${finding.primary[0]}:${finding.primary[1]}`,
      file: finding.file,
      package: finding.dependency?.[0] ?? null,
      version: finding.dependency?.[1] ?? null,
      param: finding.param ?? null,
    })),
  );
}

async function timed(label: string, run: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await run();
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Writes the group, its people, its scanners and its vulnerabilities into a migrated, empty database. */
export async function seedGroup(db: Kysely<Database>, size: SeedSize): Promise<SeededGroup> {
  const now = BENCH_NOW.toISOString();
  const start = new Date(BENCH_NOW.getTime() - SPAN_DAYS * DAY_SECONDS * 1000).toISOString();
  const span = SPAN_DAYS * DAY_SECONDS;

  const rootId = await db.transaction().execute(async (trx) => {
    // The frame, with every trigger on: the group, subgroups, projects, people, the plan.
    const { rows: roots } = await sql<{ id: number }>`
      insert into namespaces (id, root_namespace_id, traversal_ids, path, name, full_path, full_name,
        visibility_level, created_at, updated_at)
      select id, id, array[id], ${GROUP_PATH}, 'Vulnerabilities bench', ${GROUP_PATH},
        'Vulnerabilities bench', 0, ${start}::timestamptz, ${start}::timestamptz
      from (select nextval('namespaces_id_seq')::integer as id) n
      returning id`.execute(trx);
    const root = roots[0]!.id;
    await sql`
      insert into namespaces (id, root_namespace_id, parent_id, traversal_ids, path, name, full_path,
        full_name, visibility_level, created_at, updated_at)
      select id, ${root}::integer, ${root}::integer, array[${root}::integer, id], 'team-' || s, 'Team ' || s,
        ${GROUP_PATH} || '/team-' || s, 'Vulnerabilities bench / Team ' || s, 0, ${start}::timestamptz,
        ${start}::timestamptz
      from (select s, nextval('namespaces_id_seq')::integer as id
            from generate_series(1, ${SUBGROUPS}::integer) s) n`.execute(trx);
    await sql`
      insert into projects (root_namespace_id, namespace_id, path, name, full_path, visibility_level,
        created_at, updated_at)
      select ${root}::integer, n.id, 'project-' || p, 'Project ' || p, n.full_path || '/project-' || p, 0,
        ${start}::timestamptz, ${start}::timestamptz
      from generate_series(1, ${size.projects}::integer) p
      join namespaces n on n.parent_id = ${root}::integer
        and n.path = 'team-' || (1 + (p - 1) % ${SUBGROUPS}::integer)
      order by p`.execute(trx);
    const people = await trx
      .insertInto('users')
      .values(
        [
          [DEVELOPER, 'Vulnerabilities Developer'],
          [MAINTAINER, 'Vulnerabilities Maintainer'],
        ].map(([username, name]) => ({
          username: username!,
          email: `${username}@example.com`,
          name: name!,
          password_hash: '!',
          created_at: start,
        })),
      )
      .returning(['id', 'username'])
      .execute();
    const idOf = (username: string) => people.find((person) => person.username === username)!.id;
    await trx
      .insertInto('members')
      .values([
        {
          root_namespace_id: root,
          user_id: idOf(DEVELOPER),
          source_type: 'Namespace',
          source_id: root,
          access_level: 30,
        },
        {
          root_namespace_id: root,
          user_id: idOf(MAINTAINER),
          source_type: 'Namespace',
          source_id: root,
          access_level: 40,
        },
      ])
      .execute();
    await sql`
      insert into gitlab_subscriptions (namespace_id, plan_code, seats, start_date)
      values (${root}::integer, 'ultimate', 50, ${start}::date)`.execute(trx);
    const maintainer = idOf(MAINTAINER);

    // The bulk rows, triggers and foreign-key checks off until the transaction ends.
    await sql`set local session_replication_role = replica`.execute(trx);
    await sql`create temporary table bench_projects (n integer primary key, id integer, path text,
      full_path text) on commit drop`.execute(trx);
    await sql`
      insert into bench_projects
      select row_number() over (order by id)::integer, id, path, full_path from projects
      where root_namespace_id = ${root}::integer`.execute(trx);
    await sql`create temporary table bench_findings (report_type text, k integer, title text,
      description text, solution text, identifiers jsonb, primary_key text, file text, package text,
      version text, param text, primary key (report_type, k)) on commit drop`.execute(trx);
    await sql`
      insert into bench_findings
      select * from jsonb_to_recordset(${JSON.stringify(catalogueRows())}::jsonb) as c(report_type text,
        k integer, title text, description text, solution text, identifiers jsonb, primary_key text,
        file text, package text, version text, param text)`.execute(trx);

    await timed(
      `${(size.projects * 5).toLocaleString('en-US')} scanners and their latest reports`,
      async () => {
        const scanners = Object.entries(SCANNERS).map(([reportType, scanner]) => ({
          reportType,
          ...scanner,
        }));
        await sql`
        insert into vulnerability_scanners (root_namespace_id, project_id, external_id, name, vendor,
          report_type, created_at, updated_at)
        select ${root}::integer, p.id, s.id, s.name, 'GitLab', s."reportType", ${start}::timestamptz,
          ${start}::timestamptz
        from bench_projects p
        cross join jsonb_to_recordset(${JSON.stringify(scanners)}::jsonb) as s("reportType" text, id text, name text)
        order by p.n, s.id`.execute(trx);
      },
    );

    const f = (salt: number) => fraction('g', salt);
    await timed(`${size.vulnerabilities.toLocaleString('en-US')} vulnerabilities`, () =>
      sql`
        insert into vulnerabilities (root_namespace_id, project_id, uuid, report_type, scanner_id, title,
          description, solution, severity, state, dismissal_reason, primary_identifier_fingerprint,
          location_fingerprint, identifiers, location, links, resolved_on_default_branch, author_id,
          detected_at, confirmed_at, confirmed_by_id, resolved_at, resolved_by_id, dismissed_at,
          dismissed_by_id, created_at, updated_at)
        select ${root}::integer, p.id,
          substr(x.h, 1, 8) || '-' || substr(x.h, 9, 4) || '-' || substr(x.h, 13, 4) || '-'
            || substr(x.h, 17, 4) || '-' || substr(x.h, 21, 12),
          x.report_type, s.id, c.title, c.description, c.solution, x.severity, x.state,
          case when x.state = 'dismissed' then x.reason end,
          md5(c.primary_key) || substr(md5('identifier:' || c.primary_key), 1, 8),
          md5('location:' || x.g) || substr(x.h, 1, 8),
          c.identifiers,
          jsonb_strip_nulls(case x.report_type
            when 'sast' then jsonb_build_object('file', 'services/svc-' || x.g % 20 || '/' || c.file,
              'startLine', x.line, 'endLine', x.line + 2)
            when 'secret_detection' then jsonb_build_object('file', c.file, 'startLine', x.line,
              'endLine', x.line)
            when 'dependency_scanning' then jsonb_build_object('file', c.file,
              'dependency', jsonb_build_object('packageName', c.package, 'version', c.version))
            when 'container_scanning' then jsonb_build_object(
              'image', 'registry.example.com/' || p.full_path || '/app:' || substr(x.h, 1, 12),
              'operatingSystem', 'debian 12.4',
              'dependency', jsonb_build_object('packageName', c.package, 'version', c.version))
            else jsonb_build_object('hostname', 'https://' || p.path || '.example.com', 'path', c.file,
              'requestMethod', 'GET', 'param', c.param)
          end),
          case when c.identifiers->0->>'externalType' = 'cve'
            then jsonb_build_array(jsonb_build_object('name', null, 'url', c.identifiers->0->>'url'))
            else '[]'::jsonb end,
          x.no_longer_detected, ${maintainer}::integer, x.detected_at,
          case when x.state = 'confirmed' then x.changed_at end,
          case when x.state = 'confirmed' then ${maintainer}::integer end,
          case when x.state = 'resolved' then x.changed_at end,
          case when x.state = 'resolved' then ${maintainer}::integer end,
          case when x.state = 'dismissed' then x.changed_at end,
          case when x.state = 'dismissed' then ${maintainer}::integer end,
          x.detected_at, coalesce(x.changed_at, x.detected_at)
        from (
          select y.*,
            case when y.state <> 'detected'
              then least(${now}::timestamptz, y.detected_at + y.rc * interval '30 days') end as changed_at
          from (
            select g, md5('vulnerability:' || g) as h,
              1 + floor(${size.projects}::integer * power(${sql.raw(f(1))}, 1.5))::integer as project_n,
              case when ${sql.raw(f(2))} < 0.35 then 'sast' when ${sql.raw(f(2))} < 0.65 then 'dependency_scanning'
                when ${sql.raw(f(2))} < 0.80 then 'container_scanning' when ${sql.raw(f(2))} < 0.90 then 'dast'
                else 'secret_detection' end as report_type,
              floor(${sql.raw(f(3))} * ${FINDINGS_PER_TYPE}::integer)::integer as k,
              case when ${sql.raw(f(4))} < 0.03 then 'critical' when ${sql.raw(f(4))} < 0.15 then 'high'
                when ${sql.raw(f(4))} < 0.50 then 'medium' when ${sql.raw(f(4))} < 0.85 then 'low'
                when ${sql.raw(f(4))} < 0.95 then 'info' else 'unknown' end as severity,
              case when ${sql.raw(f(5))} < 0.70 then 'detected' when ${sql.raw(f(5))} < 0.80 then 'confirmed'
                when ${sql.raw(f(5))} < 0.90 then 'dismissed' else 'resolved' end as state,
              (array['acceptable_risk', 'false_positive', 'mitigating_control', 'used_in_tests',
                'not_applicable'])[1 + floor(${sql.raw(f(6))} * 5)::integer] as reason,
              ${start}::timestamptz
                + ((g - 1 + ${sql.raw(f(7))}) * ${span}::integer / ${size.vulnerabilities}::integer)
                  * interval '1 second' as detected_at,
              ${sql.raw(f(8))} as rc,
              ${sql.raw(f(9))} < 0.05 as no_longer_detected,
              1 + (g * 37) % 480 as line
            from generate_series(1, ${size.vulnerabilities}::integer) g) y) x
        join bench_projects p on p.n = least(x.project_n, ${size.projects}::integer)
        join vulnerability_scanners s on s.project_id = p.id and s.report_type = x.report_type
        join bench_findings c on c.report_type = x.report_type and c.k = x.k
        order by x.g`.execute(trx),
    );

    await timed('state transitions, issue links, reports', async () => {
      await sql`
        insert into vulnerability_state_transitions (root_namespace_id, vulnerability_id, from_state,
          to_state, author_id, comment, dismissal_reason, created_at)
        select ${root}::integer, id, 'detected', state, ${maintainer}::integer,
          case when state = 'dismissed' then 'Reviewed with the team: not exploitable here.' end,
          dismissal_reason, coalesce(confirmed_at, resolved_at, dismissed_at)
        from vulnerabilities where root_namespace_id = ${root}::integer and state <> 'detected'
        order by coalesce(confirmed_at, resolved_at, dismissed_at), id`.execute(trx);
      // An issue created from ~2% of them, numbered in its project.
      await sql`create temporary table bench_linked on commit drop as
        select v.id, v.project_id, v.title, v.state, v.detected_at, v.resolved_at,
          row_number() over (partition by v.project_id order by v.id)::integer as iid
        from vulnerabilities v
        where v.root_namespace_id = ${sql.lit(root)} and ${sql.raw(fraction('v.id', 10))} < 0.02`.execute(
        trx,
      );
      await sql`
        insert into issues (root_namespace_id, project_id, iid, author_id, title, description, state,
          created_at, updated_at, closed_at)
        select ${root}::integer, project_id, iid, ${maintainer}::integer,
          left('Investigate vulnerability: ' || title, 255), 'Created from the vulnerability report.',
          case when state = 'resolved' then 'closed' else 'opened' end,
          detected_at + interval '1 day', coalesce(resolved_at, detected_at + interval '1 day'),
          case when state = 'resolved' then resolved_at end
        from bench_linked order by detected_at, id`.execute(trx);
      await sql`
        insert into vulnerability_issue_links (root_namespace_id, vulnerability_id, issue_id, link_type,
          author_id, created_at)
        select ${root}::integer, l.id, i.id, 'created', ${maintainer}::integer, i.created_at
        from bench_linked l join issues i on i.project_id = l.project_id and i.iid = l.iid
        order by i.id`.execute(trx);
      await sql`
        update projects p set last_issue_iid = coalesce((select max(iid) from issues where project_id = p.id), 0)
        where root_namespace_id = ${root}::integer`.execute(trx);
      // Each scanner's latest report: what it found, the day the data ends.
      await sql`
        insert into security_report_ingestions (root_namespace_id, project_id, report_type, scanner_id,
          schema_version, findings_count, created_count, updated_count, no_longer_detected_count,
          skipped_count, uploaded_by_id, created_at)
        select ${root}::integer, s.project_id, s.report_type, s.id, '15.0.7',
          (select count(*) from vulnerabilities v where v.scanner_id = s.id
             and not v.resolved_on_default_branch)::integer,
          0, 0, 0, 0, ${maintainer}::integer, ${now}::timestamptz
        from vulnerability_scanners s where s.root_namespace_id = ${root}::integer
        order by s.id`.execute(trx);
    });
    return root;
  });

  await timed('vacuum analyze', () => sql`vacuum analyze`.execute(db));
  const projects = await db
    .selectFrom('projects')
    .select('id')
    .where('root_namespace_id', '=', rootId)
    .orderBy('id')
    .execute();
  return { rootId, projectIds: projects.map((project) => project.id), vulnerabilities: size.vulnerabilities };
}
