import type { Random } from './random.ts';

/**
 * Word lists and the titles, descriptions and notes made from them. Combinations, not templates
 * with numbers, so that a roadmap of thousands of epics reads like a real organisation's.
 */

/** A comma-separated list written across lines, to keep long word lists readable. */
function words(text: string): readonly string[] {
  return text
    .split(',')
    .map((word) => word.trim())
    .filter((word) => word.length > 0);
}

const INITIATIVE_VERBS = words(`
  Redesign, Rebuild, Launch, Consolidate, Automate, Harden, Streamline, Unify, Simplify, Overhaul,
  Instrument, Localize, Scale, Improve, Revamp, Standardize, Decouple, Audit, Speed up, Modernize,
  Extend, Roll out, Rethink, Stabilize
`);

const INITIATIVE_OBJECTS = words(`
  billing, the checkout flow, user onboarding, search indexing, the notification service,
  audit logging, SSO login, the mobile release pipeline, invoice generation,
  data retention policies, the design system, API rate limiting, feature flags,
  the reporting dashboard, customer exports, webhooks, access reviews, payment retries,
  the admin console, push notifications, offline sync, image uploads, session management,
  the permissions model, background jobs, observability, the help center, error tracking,
  CI pipelines, database backups, tenant isolation, usage metering, the pricing page,
  account recovery, two-factor authentication, the public API, internal tooling, incident response,
  analytics events, the roadmap view, secrets management, object storage, the search experience,
  team workspaces, guest access, the plugin marketplace
`);

const MIGRATION_TARGETS = words(`
  event sourcing, Kubernetes, PostgreSQL 16, the new data platform, a multi-region setup, gRPC,
  Kafka, serverless functions, the shared component library, OpenTelemetry, infrastructure as code,
  the new identity provider
`);

const AUDIENCES = words(`
  enterprise customers, mobile users, EU customers, self-managed instances, new teams, partners,
  internal admins, free-tier users, large organisations, support engineers
`);

const PHASES = words(`
  phase 1, phase 2, MVP, GA, beta, pilot
`);
const SCOPES = words(`
  all regions, every product area, web and mobile, all teams, the platform
`);

export function epicTitle(random: Random): string {
  const object = random.pick(INITIATIVE_OBJECTS);
  const form = random.int(0, 9);
  if (form <= 1) return `Migrate ${object} to ${random.pick(MIGRATION_TARGETS)}`;
  const verb = random.pick(INITIATIVE_VERBS);
  if (form <= 3) return `${verb} ${object} for ${random.pick(AUDIENCES)}`;
  if (form === 4) return `${verb} ${object} (${random.pick(PHASES)})`;
  if (form === 5) return `${verb} ${object} across ${random.pick(SCOPES)}`;
  return `${verb} ${object}`;
}

const REASONS = [
  'Customers keep running into the same limits, and support tickets on this topic doubled last quarter.',
  'The current implementation was built for a tenth of today’s traffic.',
  'Several teams maintain their own copy of this; one shared solution saves weeks every release.',
  'Compliance requires it before the next audit.',
  'It is the most requested improvement in the last customer survey.',
  'On-call engineers are paged for this every week.',
] as const;

const SCOPE_ITEMS = [
  'Document the current behaviour and its failure modes',
  'Agree on the target design with the affected teams',
  'Ship behind a feature flag and measure',
  'Migrate existing data without downtime',
  'Update the user documentation',
  'Remove the old code path',
  'Add dashboards and alerts',
  'Run a usability study with five customers',
] as const;

export function epicDescription(random: Random): string {
  const items = random.sample(SCOPE_ITEMS, random.int(2, 4));
  return `## Why\n\n${random.pick(REASONS)}\n\n## Scope\n\n${items.map((item) => `- [ ] ${item}`).join('\n')}\n`;
}

const ISSUE_VERBS = words(`
  Add, Fix, Remove, Update, Refactor, Document, Investigate, Improve, Test, Validate, Cache,
  Paginate, Log, Expose, Translate, Deprecate
`);

const ISSUE_THINGS = words(`
  retry button, export job, date picker, webhook payload, CSV import, search results,
  avatar upload, token refresh, invoice PDF, rate limiter, audit event, settings page, empty state,
  sidebar, notification email, login form, permissions check, GraphQL query, migration script,
  health check endpoint, dark mode, filter dropdown, sort order, timezone handling,
  keyboard shortcut, error message, progress bar, cache key, feature flag, billing summary,
  API token scopes, label picker, bulk edit sidebar
`);

const ISSUE_PLACES = words(`
  in the admin console, on the roadmap page, for group owners, in the REST API, on mobile,
  in Safari, for large accounts, behind a feature flag, during checkout, in the billing service,
  on the settings page, for guest users, in the issue list
`);

const CONDITIONS = words(`
  the list is empty, the user has no avatar, the session expires, two tabs are open,
  the name contains emoji, the network is slow, a label is removed, the epic has no dates,
  the account is deactivated, the file is larger than 10 MB
`);

const SYMPTOMS = words(`
  shows the wrong date, fails silently, times out, renders twice, loses focus
`);

export function issueTitle(random: Random): string {
  const thing = random.pick(ISSUE_THINGS);
  const form = random.int(0, 9);
  if (form <= 1) return `${capitalise(thing)} ${random.pick(SYMPTOMS)} when ${random.pick(CONDITIONS)}`;
  if (form === 2) return `Flaky test: ${thing} ${random.pick(ISSUE_PLACES)}`;
  return `${random.pick(ISSUE_VERBS)} ${thing} ${random.pick(ISSUE_PLACES)}`;
}

const ISSUE_BODIES = [
  '### Steps to reproduce\n\n1. Open the page\n2. Repeat the action twice\n\n### What happens\n\nThe change is lost.\n',
  'Follow-up from the last retrospective. Keep the change small and behind a flag.\n',
  '### Proposal\n\nReuse the shared component instead of the local copy.\n',
  'Reported by a customer through support; see the linked ticket for details.\n',
] as const;

export function issueDescription(random: Random): string {
  return random.pick(ISSUE_BODIES);
}

const MERGE_REQUEST_OPENINGS = [
  (thing: string, place: string) => `This changes how the ${thing} behaves ${place}.`,
  (thing: string, place: string) => `Reworks the ${thing} ${place} on top of the shared component.`,
  (thing: string, place: string) => `Moves the ${thing} ${place} out of the legacy module.`,
  (thing: string, place: string) => `Adds tests around the ${thing} ${place} before the larger refactor.`,
  (thing: string, place: string) => `Makes the ${thing} ${place} consistent with the rest of the product.`,
] as const;

const MERGE_REQUEST_DETAILS = [
  'The old code path stays behind a feature flag for one release.',
  'No database migration is needed; existing data keeps working.',
  'Screenshots of before and after are in the first comment.',
  'Covered by new unit tests, and the end-to-end suite passes locally.',
  'The change is small on purpose: the follow-up will remove the workaround.',
  'Performance is unchanged on the benchmark dataset.',
  'Reviewed the copy with the UX team last week.',
] as const;

const TEST_STEPS = [
  'Enable the feature flag in the admin console',
  'Open the page with a large account',
  'Repeat the action in two tabs',
  'Check the audit log for the new event',
  'Switch the browser to a slow network',
] as const;

/**
 * A merge request's description: what it changes, a detail, sometimes how to test it, then its
 * closing line (`Closes #12`) or mention, if any.
 */
export function mergeRequestDescription(random: Random, closing: string | null): string {
  const opening = random.pick(MERGE_REQUEST_OPENINGS)(random.pick(ISSUE_THINGS), random.pick(ISSUE_PLACES));
  let text = `## What does this merge request do?\n\n${opening} ${random.pick(MERGE_REQUEST_DETAILS)}\n`;
  if (random.chance(0.35)) {
    const steps = random.sample(TEST_STEPS, random.int(2, 3));
    text += `\n## How to test\n\n${steps.map((step, index) => `${index + 1}. ${step}`).join('\n')}\n`;
  }
  return closing === null ? text : `${text}\n${closing}\n`;
}

/** GitLab's closing patterns for one or two issues of the same project: `Fixes #3 and #7`. */
export function closingLine(random: Random, iids: readonly number[]): string {
  const verb = random.pick(['Closes', 'Fixes', 'Resolves'] as const);
  const refs = iids.map((iid) => `#${iid}`);
  if (refs.length < 2) return `${verb} ${refs.join('')}`;
  return random.chance(0.5) ? `${verb} ${refs.join(' and ')}` : `${verb} ${refs.join(', ')}`;
}

const REVIEW_NOTES = [
  'Could we add a test for the empty case?',
  'Nice cleanup. :thumbsup:',
  'I pushed a small fix for the typo in the error message.',
  'This looks good to me once the pipeline is green.',
  'Should this be behind the feature flag as well?',
  'Rebased on main, the conflict is resolved.',
  'Do we need a changelog entry for this?',
  'Tested locally on Safari and Firefox, works as described.',
] as const;

export function reviewNoteText(random: Random): string {
  return random.pick(REVIEW_NOTES);
}

const NOTES = [
  'I can pick this up next milestone.',
  'Do we have numbers on how many customers hit this?',
  'Looks good to me. :thumbsup:',
  'This overlaps with the work in the parent epic, let us coordinate.',
  'Moved to the next milestone: we ran out of capacity.',
  'Could we split this into a backend and a frontend part?',
  'Design review is done, ready for development.',
  'Added a first draft of the proposal in the description.',
] as const;

export function noteText(random: Random): string {
  return random.pick(NOTES);
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A branch name as GitLab derives it from an issue: `<iid>-<slugged title>`. */
export function branchName(iid: number, title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40)
    .replace(/-$/, '');
  return `${iid}-${slug}`;
}

/** GitLab's suggested epic colours; the first is its default. */
export const EPIC_COLOURS = ['#1068bf', '#217645', '#c91c00', '#9e5400', '#694cc0', '#0e4d4d'] as const;

export const AWARD_EMOJI = ['thumbsup', 'thumbsdown', 'rocket', 'tada', 'eyes', 'heart'] as const;
