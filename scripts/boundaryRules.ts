/**
 * DESIGN.md's "Layers, and who may import whom" as an allowlist, in the manner of Perfetto's tools/check_imports.py: each
 * layer says what it MAY import, and anything it is not allowed fails. Files of one layer import
 * each other freely, except that each feature folder is a unit of its own: features meet only through
 * their index.ts.
 *
 * Patterns: a repository path pattern starts with a root folder (`src/core/**`, `workers/*`), a
 * package pattern does not (`react`, `@pixi/*`, `node:*`). `*` is one path segment, `**` any number.
 * Code extensions and a trailing `/index` are ignored on both sides, so `src/client/features/*`
 * names each feature's index.ts. boundaryVerdict.ts applies them; check-boundaries.ts runs them.
 */
import type { ImportKind } from './importScan.ts';

/** What a layer may import: repository paths and/or packages, by any kind unless `kinds` says. */
export interface Allowance {
  readonly paths?: readonly string[];
  readonly packages?: readonly string[];
  readonly kinds?: readonly ImportKind[];
}

export interface Layer {
  readonly name: string;
  /** Files of the same unit import each other freely (defaults to the name). */
  readonly unit?: string;
  /** The layer's files; the first layer that matches a file owns it. */
  readonly files: readonly string[];
  readonly may: readonly Allowance[];
  readonly why: string;
}

const paths = (...patterns: string[]): Allowance => ({ paths: patterns });
const packages = (...patterns: string[]): Allowance => ({ packages: patterns });
const typeOnly = (allowance: Allowance): Allowance => ({ ...allowance, kinds: ['type'] });

const CORE = paths('src/core/**');
const NODE = packages('node:*');
const ANY_PACKAGE = packages('**');
/** Kysely's types (Kysely, Transaction, Selectable …) describe rows; its values build SQL. */
const KYSELY_TYPES = typeOnly(packages('kysely'));
const REACT_DOM = packages('react', 'react-dom', '@floating-ui/react');
/** Windowing of long DOM lists (the activity of an item with thousands of notes): a shared kit's job. */
const DOM_WINDOWING = packages('@tanstack/react-virtual');

/** Server configuration is read once in main.ts and handed down; below it, only its type. */
const CONFIG_TYPE = typeOnly(paths('src/server/config.ts'));

/** Database infrastructure that runs no SQL of its own: errors, budgets, cursors, request turns. */
export const DB_INFRASTRUCTURE = [
  'src/server/db/dbErrors.ts',
  'src/server/db/timeBudget.ts',
  'src/server/db/databaseClients.ts',
  'src/server/db/pagination.ts',
  'src/server/db/sqlInteger.ts',
];
/** Row and handle types: adapters may name a row or pass a transaction along, nothing more. */
export const DB_TYPES = ['src/server/db/schema.ts', 'src/server/db/executor.ts'];

/** Reads that may skip services and call repositories: batched loaders, REST presenters. */
export const GRAPHQL_READ_PATHS = ['src/server/graphql/loaders.ts', 'src/server/graphql/loaders/**'];
export const REST_PRESENTERS = [
  'src/server/http/api/presenters.ts',
  'src/server/http/api/epicJson.ts',
  'src/server/http/api/issueJson.ts',
  'src/server/http/api/epicIssueLinkJson.ts',
  'src/server/http/epicLinks/linkJson.ts',
];

/** What both adapters share: the services' dependencies, and the caps and checks on request input. */
const SERVER_SHARED = paths('src/server/serverDeps.ts', 'src/server/input/**');

const GRAPHQL_MAY: readonly Allowance[] = [
  paths('src/server/services/**'),
  SERVER_SHARED,
  paths(...DB_INFRASTRUCTURE),
  typeOnly(paths(...DB_TYPES)),
  CONFIG_TYPE,
  CORE,
  packages('graphql', 'mercurius', 'fastify'),
  KYSELY_TYPES,
  NODE,
];

const HTTP_MAY: readonly Allowance[] = [
  paths('src/server/graphql/register.ts'),
  // The app starts its background jobs with itself (http/app.ts).
  paths('src/server/jobs/**'),
  // The app builds its mailer from the configuration (http/app.ts).
  paths('src/server/mail/**'),
  paths('src/server/services/**'),
  SERVER_SHARED,
  paths(...DB_INFRASTRUCTURE),
  typeOnly(paths(...DB_TYPES)),
  CONFIG_TYPE,
  CORE,
  packages('fastify', '@fastify/*', 'fast-querystring', 'ioredis', 'graphql'),
  // The security headers, from Helmet itself once the app is built (it replaced @fastify/helmet).
  packages('helmet'),
  KYSELY_TYPES,
  NODE,
];

export const LAYERS: readonly Layer[] = [
  // src/core: lib ← time ← {domain, layout, pages}; no framework, no Node, no DOM-only package.
  { name: 'core/lib', files: ['src/core/lib/**'], may: [], why: 'the bottom: assert, Result, brands' },
  {
    name: 'core/time',
    files: ['src/core/time/**'],
    may: [paths('src/core/lib/**'), packages('date-fns', 'd3-time', 'd3-scale')],
    why: 'calendar maths; the only home of date-fns, d3-time and d3-scale',
  },
  {
    name: 'core/domain',
    files: ['src/core/domain/**'],
    may: [paths('src/core/time/**', 'src/core/lib/**')],
    why: 'entity types and rules over calendar dates',
  },
  {
    name: 'core/layout',
    files: ['src/core/layout/**'],
    may: [paths('src/core/domain/**', 'src/core/time/**', 'src/core/lib/**')],
    why: 'lays out domain entities on a time scale; the domain never needs the layout',
  },
  {
    name: 'core/pages',
    files: ['src/core/pages/**'],
    may: [paths('src/core/domain/**', 'src/core/time/**', 'src/core/lib/**')],
    why: 'the page mount contract, shared by server and client',
  },
  {
    name: 'core/roadmapExport',
    files: ['src/core/roadmapExport/**'],
    may: [
      paths('src/core/layout/**', 'src/core/domain/**', 'src/core/time/**', 'src/core/lib/**'),
      packages('pdf-lib'),
    ],
    why: 'turns a laid-out roadmap into files (PNG drawing, PDF, CSV); the only home of pdf-lib',
  },
  {
    name: 'workers',
    files: ['workers/**'],
    may: [CORE, packages('comlink')],
    why: 'thin Comlink entry points over src/core',
  },
  // src/client: app → features → {components, canvas, bridge, data, state, ui, lib} → src/core.
  {
    name: 'client/app',
    files: ['src/client/app/**'],
    may: [paths('src/client/**'), CORE, packages('react', 'react-dom')],
    why: 'mounts the pages: it may reach any client module, pages are its code-split points',
  },
  {
    name: 'client/features',
    files: ['src/client/features/**'],
    may: [
      paths('src/client/features/*/index.ts'),
      paths('src/client/components/**', 'src/client/canvas/**', 'src/client/bridge/**'),
      paths('src/client/data/**', 'src/client/state/**', 'src/client/ui/**', 'src/client/lib/**'),
      CORE,
      REACT_DOM,
    ],
    why: 'one folder per feature; features meet only through index.ts',
  },
  {
    name: 'client/components',
    files: ['src/client/components/**'],
    may: [
      paths('src/client/data/**', 'src/client/state/**', 'src/client/ui/**', 'src/client/lib/**'),
      CORE,
      REACT_DOM,
      DOM_WINDOWING,
    ],
    why: 'kits any feature may use; they know no feature, canvas or worker',
  },
  {
    name: 'client/canvas',
    files: ['src/client/canvas/**'],
    may: [paths('src/client/ui/**', 'src/client/lib/**'), CORE, packages('pixi.js', '@pixi/*', 'react')],
    why: 'all PixiJS drawing; draws from snapshots, knows no feature, state or data',
  },
  {
    name: 'client/bridge',
    files: ['src/client/bridge/**'],
    may: [
      { paths: ['workers/**'], kinds: ['type', 'url'] },
      paths('src/client/lib/**'),
      CORE,
      packages('comlink'),
    ],
    why: 'talks to the workers through their types-only API and a worker URL, never their code',
  },
  {
    name: 'client/data',
    files: ['src/client/data/**'],
    may: [
      paths('src/client/lib/**'),
      CORE,
      packages('@apollo/client', '@graphql-typed-document-node/core', 'react'),
    ],
    why: 'Apollo, documents and mappers to core types; knows no feature, state or view',
  },
  {
    name: 'client/state',
    files: ['src/client/state/**'],
    may: [paths('src/client/lib/**'), CORE, packages('jotai', 'react')],
    why: 'jotai atoms behind one wrapper; knows no feature, data or view',
  },
  {
    name: 'client/ui',
    files: ['src/client/ui/**'],
    may: [paths('src/client/lib/**'), CORE, REACT_DOM],
    why: 'accessible primitives: they take props, fetch nothing and hold no app state',
  },
  {
    name: 'client/lib',
    files: ['src/client/lib/**'],
    may: [CORE, packages('react')],
    why: 'small generic client helpers',
  },
  // src/server: {http → graphql} → services → db → src/core.
  {
    name: 'server/main',
    files: ['src/server/main.ts'],
    may: [paths('src/server/**'), CORE, packages('@node-rs/argon2'), KYSELY_TYPES, NODE],
    why: 'the composition root: reads config, opens and seeds the database, starts the app',
  },
  {
    name: 'server/cli',
    files: ['src/server/cli/**'],
    may: [CORE, NODE],
    why: 'commands that talk to a running server over its HTTP API, as any client would',
  },
  {
    name: 'server/config',
    files: ['src/server/config.ts', 'src/server/config.test.ts'],
    may: [CORE, NODE],
    why: 'reads the environment once; everything else receives the result',
  },
  {
    name: 'server/clock',
    files: ['src/server/clock.ts'],
    may: [NODE],
    why: 'the one reader of the wall clock and starter of timers; main hands its `now` down',
  },
  {
    name: 'server/processes',
    files: ['src/server/processes/**'],
    // The primary keeps the rate counts of its workers when no Redis does (http/rateLimit's counter).
    may: [CONFIG_TYPE, paths('src/server/clock.ts', 'src/server/http/rateLimit/rateCounter.ts'), NODE],
    why: 'how many processes serve, and the primary that starts, replaces and counts for them (node:cluster)',
  },
  {
    name: 'server/deps',
    files: ['src/server/serverDeps.ts'],
    may: [
      CONFIG_TYPE,
      typeOnly(paths(...DB_TYPES)),
      typeOnly(paths('src/server/mail/mailer.ts')),
      // The instance's settings, which administrators change at run time.
      typeOnly(paths('src/server/services/settings/applicationSettingsService.ts')),
      KYSELY_TYPES,
    ],
    why: 'what every adapter hands its services: the database, the configuration, the clock, the mailer, the settings',
  },
  {
    name: 'server/input',
    files: ['src/server/input/**'],
    may: [CORE],
    why: 'caps and checks on request input, one rule set for REST and GraphQL',
  },
  {
    name: 'server/http (REST presenter)',
    unit: 'server/http',
    files: REST_PRESENTERS,
    may: [...HTTP_MAY, paths('src/server/db/**')],
    why: "a named read path: presents rows as GitLab's REST entities, batch-reading related rows",
  },
  {
    name: 'server/http',
    files: ['src/server/http/**'],
    may: HTTP_MAY,
    why: 'Fastify routes and pages: thin adapters over services; registers the GraphQL plugin',
  },
  {
    name: 'server/graphql (loaders)',
    unit: 'server/graphql',
    files: GRAPHQL_READ_PATHS,
    may: [...GRAPHQL_MAY, paths('src/server/db/**')],
    why: 'a named read path: batched loaders read rows for resolvers without a service',
  },
  {
    name: 'server/graphql',
    files: ['src/server/graphql/**'],
    may: GRAPHQL_MAY,
    why: 'schema and thin resolvers over services; never imports http',
  },
  {
    name: 'server/jobs',
    files: ['src/server/jobs/**'],
    may: [paths('src/server/services/**', 'src/server/clock.ts'), typeOnly(paths(...DB_TYPES)), CORE, NODE],
    why: 'background work on a timer: thin loops over services, started and stopped with the app',
  },
  {
    name: 'server/services',
    files: ['src/server/services/**'],
    may: [
      paths('src/server/db/**'),
      paths('src/server/storage/**'),
      paths('src/server/mail/**'),
      paths('src/server/ldap/**'),
      CONFIG_TYPE,
      CORE,
      packages('markdown-it', 'sanitize-html', '@node-rs/argon2'),
      // The countries and states a billing address may name: a maintained data package.
      packages('iso-3166'),
      KYSELY_TYPES,
      NODE,
    ],
    why: 'business operations over repositories; know neither HTTP nor GraphQL',
  },
  {
    name: 'server/mail',
    files: ['src/server/mail/**'],
    may: [packages('nodemailer'), NODE],
    why: 'sending mail: SMTP through nodemailer, or the development mailbox it is handed',
  },
  {
    name: 'server/storage',
    files: ['src/server/storage/**'],
    may: [CORE, packages('aws4fetch'), NODE],
    why: 'object storage: S3-compatible buckets over signed HTTP, as db is to SQL',
  },
  {
    name: 'server/ldap',
    files: ['src/server/ldap/**'],
    may: [CORE, packages('ldapts'), NODE],
    why: 'the LDAP directory: searches over one LDAP client library, as storage is to S3',
  },
  {
    name: 'server/db',
    files: ['src/server/db/**'],
    may: [
      CORE,
      // Timers for the session's wait budget; the seed CLI's today.
      paths('src/server/clock.ts'),
      packages('kysely', 'pg', '@electric-sql/pglite', '@node-rs/argon2'),
      NODE,
    ],
    why: 'all SQL: Kysely, the dialects, migrations, repositories, seed',
  },
  // Tooling around the app: any package; never imported by src (no layer of src allows them).
  {
    name: 'tests',
    files: ['tests/**'],
    may: [paths('src/**', 'workers/**'), ANY_PACKAGE],
    why: 'integration and e2e tests drive the real app; benchmarks are not theirs to use',
  },
  {
    name: 'bench',
    files: ['bench/**'],
    may: [paths('src/**', 'workers/**', 'tests/helpers/**'), ANY_PACKAGE],
    why: 'benchmarks measure the app and reuse the test server helpers',
  },
  {
    name: 'scripts',
    files: ['scripts/**'],
    may: [paths('src/core/**', 'src/server/**'), ANY_PACKAGE],
    why: 'build and check tools run in Node: they may use Node-side code, never the client',
  },
];

/** What a unit test beside its code may use beyond its layer's allowance. */
export const TEST_FILES = ['src/**/*.test', 'workers/**/*.test'];
export const TEST_MAY: readonly Allowance[] = [packages('vitest', 'fast-check'), NODE];
