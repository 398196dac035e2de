import { createHash } from 'node:crypto';
import type { ApprovalStatus, DeploymentStatus } from '../../../core/domain/deployments.ts';
import {
  type EnvironmentTier,
  environmentFolder,
  environmentSlug,
} from '../../../core/domain/environments.ts';
import { DAY_MS } from '../../../core/time/epochDay.ts';
import { Random, WeightedTable } from './random.ts';

/**
 * Two years of delivery per project, as a team with CI would leave it: every merge into `main` goes
 * to `staging` within the half hour, more staging deployments during the week, promotions of what
 * staging last ran to `production` (tagged releases in some projects), a few review apps of the
 * latest merge requests, failures now and then with a retry, quiet weekends, holidays and a freeze
 * or two. Where `production` is protected, deployments wait for a Maintainer's approval (or
 * rejection), and the latest one or two still wait. Pure: deploymentRows.ts writes the plan.
 *
 * The rules followed are the services' (services/deployments/): a deployment to a protected
 * environment with approval rules starts blocked and runs once approved; a rejection fails it; a
 * success ships the merge requests merged into its ref (any branch for a tag) since the previous
 * success to its environment finished, all of them for the first.
 */

export interface DeliveryProfile {
  /** Deployments to staging per working day, besides the one after each merge into `main`. */
  readonly stagingPerDay: number;
  /**
   * Promotions to production asked for per working day; one goes out only when staging has run
   * something new since, so a day sees one at most, most of the time.
   */
  readonly productionPerDay: number;
  /** Production ships tags `vX.Y.Z` (a library or an app store release) rather than `main`. */
  readonly tags: boolean;
  /** How long a deployment runs, in minutes. */
  readonly minutes: readonly [min: number, max: number];
  /** The host production serves (staging and review apps below it); null: nothing to browse. */
  readonly host: string | null;
  /** How many of the latest merge requests had a review app. */
  readonly reviewApps: number;
  /**
   * `production` protected (Maintainers deploy, one Maintainer approves) since this many days ago,
   * with this many deployments waiting for approval now.
   */
  readonly protection?: { readonly sinceDays: number; readonly awaiting: number };
}

/**
 * The projects with a delivery history, by path. `acme/platform/backend/api` has none: the
 * environments REST suite (tests/integration/deploymentsRest.test.ts) makes its own there, names
 * and counts included. initech and sandbox have no projects.
 */
export const DELIVERY_PROFILES: Readonly<Record<string, DeliveryProfile>> = {
  'acme/handbook': {
    stagingPerDay: 0.5,
    productionPerDay: 0.45,
    tags: false,
    minutes: [2, 6],
    host: 'handbook.acme.example.com',
    reviewApps: 3,
  },
  'acme/platform/backend/storage/object-store': {
    stagingPerDay: 0.8,
    productionPerDay: 0.3,
    tags: true,
    minutes: [4, 15],
    host: 'object-store.acme.example.com',
    reviewApps: 3,
  },
  'acme/platform/infrastructure/terraform': {
    stagingPerDay: 0.6,
    productionPerDay: 0.3,
    tags: false,
    minutes: [6, 25],
    host: null,
    reviewApps: 2,
    protection: { sinceDays: 270, awaiting: 1 },
  },
  'acme/product/web/webapp': {
    stagingPerDay: 1.3,
    productionPerDay: 2,
    tags: false,
    minutes: [5, 18],
    host: 'app.acme.example.com',
    reviewApps: 5,
    protection: { sinceDays: 1000, awaiting: 2 },
  },
  'acme/product/web/design-system/components': {
    stagingPerDay: 0.8,
    productionPerDay: 0.2,
    tags: true,
    minutes: [3, 10],
    host: 'components.acme.example.com',
    reviewApps: 4,
  },
  'acme/product/mobile/ios-app': {
    stagingPerDay: 0.6,
    productionPerDay: 0.2,
    tags: true,
    minutes: [12, 40],
    host: null,
    reviewApps: 2,
  },
  'acme/security/vault-audit': {
    stagingPerDay: 0.4,
    productionPerDay: 0.25,
    tags: false,
    minutes: [3, 12],
    host: 'vault-audit.acme.example.com',
    reviewApps: 2,
  },
  'workshop/playground': {
    stagingPerDay: 0.7,
    productionPerDay: 0.35,
    tags: false,
    minutes: [2, 8],
    host: 'playground.workshop.example.com',
    reviewApps: 0,
  },
};

export interface DeliveryMember {
  readonly userId: number;
  readonly username: string;
  /** Effective access level on the project. */
  readonly level: number;
}

export interface DeliveryMergeRequest {
  readonly id: number;
  readonly state: string;
  readonly sourceBranch: string;
  readonly targetBranch: string;
  readonly authorId: number;
  readonly createdMs: number;
  readonly updatedMs: number;
  readonly mergedMs: number | null;
  readonly closedMs: number | null;
  readonly mergeCommitSha: string | null;
}

export interface DeliveryProject {
  readonly id: number;
  readonly createdMs: number;
  readonly profile: DeliveryProfile;
  /** Ordered by user id. */
  readonly members: readonly DeliveryMember[];
  /** Ordered by id. */
  readonly mergeRequests: readonly DeliveryMergeRequest[];
}

export interface PlannedEnvironment {
  readonly projectId: number;
  readonly name: string;
  readonly slug: string;
  readonly folder: string | null;
  readonly tier: EnvironmentTier;
  readonly externalUrl: string | null;
  readonly state: 'available' | 'stopped';
  readonly createdMs: number;
  readonly updatedMs: number;
  /** In the order they were made (and finished: one runs at a time). */
  readonly deployments: readonly PlannedDeployment[];
}

export interface PlannedApproval {
  readonly userId: number;
  readonly status: ApprovalStatus;
  readonly comment: string | null;
  readonly atMs: number;
}

export interface PlannedDeployment {
  readonly ref: string;
  readonly sha: string;
  readonly tag: boolean;
  readonly status: DeploymentStatus;
  readonly userId: number;
  readonly createdMs: number;
  /** Set exactly when the status is success, failed or canceled. */
  readonly finishedMs: number | null;
  readonly approval: PlannedApproval | null;
  /** Ids of the merge requests a success shipped. */
  readonly shipped: readonly number[];
}

export interface PlannedProtection {
  readonly projectId: number;
  readonly name: string;
  readonly createdMs: number;
}

export interface DeliveryPlan {
  readonly environments: readonly PlannedEnvironment[];
  readonly protections: readonly PlannedProtection[];
}

export const HISTORY_DAYS = 730;
const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

const STAGING_OUTCOMES = new WeightedTable<DeploymentStatus>([
  ['success', 87],
  ['failed', 9],
  ['canceled', 4],
]);
const PRODUCTION_OUTCOMES = new WeightedTable<DeploymentStatus>([
  ['success', 92],
  ['failed', 5],
  ['canceled', 3],
]);
const REVIEW_OUTCOMES = new WeightedTable<DeploymentStatus>([
  ['success', 88],
  ['failed', 12],
]);
/** What the approver of a blocked deployment does (or that it was canceled while it waited). */
const GATE_OUTCOMES = new WeightedTable([
  ['approved', 93],
  ['rejected', 5],
  ['canceled', 2],
] as const);
const APPROVAL_COMMENTS = [
  'LGTM',
  'Looks good on staging.',
  'Ship it.',
  'Release notes checked.',
  'Approved, keep an eye on the error rate.',
  'Go ahead.',
  'Smoke tests passed on staging.',
  'OK, migration is backwards compatible.',
] as const;
const REJECTION_COMMENTS = [
  'Hold: staging still shows errors.',
  'Not during the freeze.',
  'Wait for the migration to finish first.',
  'Missing a rollback plan.',
  'Too late in the day, tomorrow please.',
] as const;

export function planDelivery(
  projects: readonly DeliveryProject[],
  random: Random,
  nowMs: number,
): DeliveryPlan {
  const environments: PlannedEnvironment[] = [];
  const protections: PlannedProtection[] = [];
  for (const project of projects) {
    // A stream per project, so that changing one project's profile leaves the others as they were.
    const history = new ProjectHistory(project, new Random(Math.floor(random.next() * 0x1_0000_0000)), nowMs);
    environments.push(...history.environments());
    if (history.protectedSinceMs !== null) {
      protections.push({ projectId: project.id, name: 'production', createdMs: history.protectedSinceMs });
    }
  }
  return { environments, protections };
}

interface Release {
  readonly ref: string;
  readonly sha: string;
  readonly tag: boolean;
}

interface Trigger {
  readonly atMs: number;
  /** The commit a merge made, deployed to staging after it. */
  readonly sha?: string | null;
}

interface Run {
  /** No deployment finishes later. */
  readonly endMs: number;
  readonly outcomes: WeightedTable<DeploymentStatus>;
  readonly retryChance: number;
  /** What to deploy when a trigger fires: null when there is nothing new. */
  readonly release: (
    startMs: number,
    trigger: Trigger,
    lastSuccess: PlannedDeployment | undefined,
  ) => Release | null;
  /** Who deploys; `gated`: to a protected environment, where only its deployers may. */
  readonly deployer: (gated: boolean) => number;
  /** From when deployments wait for an approval. */
  readonly gatedFromMs: number | null;
}

interface EnvironmentDraft {
  readonly name: string;
  readonly tier: EnvironmentTier;
  readonly externalUrl: string | null;
  readonly deployments: PlannedDeployment[];
}

class ProjectHistory {
  readonly protectedSinceMs: number | null;
  private readonly profile: DeliveryProfile;
  private readonly fromMs: number;
  private readonly quietDays: ReadonlySet<number>;
  private readonly deployers: readonly number[];
  private readonly maintainers: readonly DeliveryMember[];
  private version: { major: number; minor: number; patch: number };
  private lastReleaseMs = Number.NEGATIVE_INFINITY;
  private lastReleaseFailed = false;

  constructor(
    private readonly project: DeliveryProject,
    private readonly random: Random,
    private readonly nowMs: number,
  ) {
    this.profile = project.profile;
    this.fromMs = Math.max(project.createdMs + 14 * DAY_MS, nowMs - HISTORY_DAYS * DAY_MS);
    const protection = this.profile.protection;
    this.protectedSinceMs = protection
      ? Math.max(this.fromMs - DAY_MS, nowMs - protection.sinceDays * DAY_MS)
      : null;
    // Developers and Maintainers deploy; Maintainers (and up) approve.
    this.deployers = project.members.filter((m) => m.level >= 30 && m.level <= 40).map((m) => m.userId);
    this.maintainers = project.members.filter((m) => m.level >= 40);
    if (this.deployers.length === 0) throw new Error(`No one deploys project ${project.id}`);
    this.quietDays = this.quietSpells();
    this.version = { major: random.int(1, 3), minor: random.int(0, 12), patch: 0 };
  }

  environments(): PlannedEnvironment[] {
    const { host } = this.profile;
    const staging = this.draft('staging', 'staging', host && `https://staging.${host}`);
    const production = this.draft('production', 'production', host && `https://${host}`);
    this.runStaging(staging);
    this.runProduction(production, staging.deployments);
    const reviewApps = this.reviewApps();
    const finished = [staging, production].flatMap((draft) =>
      draft.deployments.length > 0 ? [this.finish(draft, null)] : [],
    );
    return [...finished, ...reviewApps];
  }

  private draft(name: string, tier: EnvironmentTier, externalUrl: string | null): EnvironmentDraft {
    return { name, tier, externalUrl, deployments: [] };
  }

  /** Every merge into main, half an hour at most after it; other pushes on working days. */
  private runStaging(staging: EnvironmentDraft): void {
    const triggers: Trigger[] = this.workingTimes(this.profile.stagingPerDay, 'staging').map((atMs) => ({
      atMs,
    }));
    for (const mr of this.project.mergeRequests) {
      if (mr.mergedMs === null || mr.targetBranch !== 'main' || mr.mergedMs < this.fromMs) continue;
      triggers.push({ atMs: mr.mergedMs + this.random.int(4, 30) * MINUTE_MS, sha: mr.mergeCommitSha });
    }
    triggers.sort((a, b) => a.atMs - b.atMs);
    this.run(staging, triggers, {
      endMs: this.nowMs,
      outcomes: STAGING_OUTCOMES,
      retryChance: 0.5,
      release: (_, trigger) => ({ ref: 'main', sha: trigger.sha ?? this.sha(), tag: false }),
      deployer: () => this.random.pick(this.deployers),
      gatedFromMs: null,
    });
  }

  /** Promotes what staging last ran, when it is new; the latest ones wait for approval. */
  private runProduction(production: EnvironmentDraft, staged: readonly PlannedDeployment[]): void {
    const successes = staged.filter((deployment) => deployment.status === 'success');
    let next = 0;
    const stagedAt = (ms: number): string | null => {
      while (next < successes.length && (successes[next]?.finishedMs as number) <= ms) next++;
      return next > 0 ? (successes[next - 1] as PlannedDeployment).sha : null;
    };
    const awaiting = this.profile.protection?.awaiting ?? 0;
    const maintainers = this.maintainers.filter((m) => m.level === 40);
    const gatedDeployer = () =>
      this.random.pick(maintainers.length > 0 ? maintainers : this.maintainers).userId;
    const gatedFromMs = this.protectedSinceMs;
    this.run(
      production,
      this.workingTimes(this.profile.productionPerDay, 'production').map((atMs) => ({ atMs })),
      {
        // The day before now belongs to the deployments still waiting.
        endMs: awaiting > 0 ? this.nowMs - DAY_MS : this.nowMs,
        outcomes: PRODUCTION_OUTCOMES,
        retryChance: 0.7,
        release: (startMs, _, lastSuccess) => {
          const sha = stagedAt(startMs);
          if (sha === null || sha === lastSuccess?.sha) return null;
          return this.release(sha, startMs);
        },
        deployer: (gated) => (gated ? gatedDeployer() : this.random.pick(this.deployers)),
        gatedFromMs,
      },
    );
    // Waiting for approval: made by a Maintainer other than the demo's `maintainer` and `owner`, who
    // may approve them on a fresh start.
    const waitingDeployers = maintainers.filter((m) => m.username !== 'maintainer' && m.username !== 'owner');
    let createdMs = Math.round(this.nowMs - (4 + 14 * this.random.next()) * HOUR_MS);
    const shipped = new Set(production.deployments.map((deployment) => deployment.sha));
    for (let index = 0; index < awaiting; index++) {
      const latest = stagedAt(createdMs);
      const sha = latest !== null && !shipped.has(latest) ? latest : this.sha();
      shipped.add(sha);
      production.deployments.push({
        ...this.release(sha, createdMs),
        status: 'blocked',
        userId: this.random.pick(waitingDeployers.length > 0 ? waitingDeployers : maintainers).userId,
        createdMs,
        finishedMs: null,
        approval: null,
        shipped: [],
      });
      createdMs = Math.round(
        Math.min(createdMs + (0.5 + 3 * this.random.next()) * HOUR_MS, this.nowMs - 10 * MINUTE_MS),
      );
    }
  }

  /** Production's ref: `main`, or the next tag (a patch soon after the previous release or a failure). */
  private release(sha: string, atMs: number): Release {
    if (!this.profile.tags) return { ref: 'main', sha, tag: false };
    const version = this.version;
    if (this.lastReleaseFailed || atMs - this.lastReleaseMs < 4 * DAY_MS) version.patch++;
    else if (this.random.chance(0.03)) this.version = { major: version.major + 1, minor: 0, patch: 0 };
    else this.version = { major: version.major, minor: version.minor + 1, patch: 0 };
    this.lastReleaseMs = atMs;
    this.lastReleaseFailed = false;
    const { major, minor, patch } = this.version;
    return { ref: `v${major}.${minor}.${patch}`, sha, tag: true };
  }

  /** The latest merge requests' review apps, half of them (at most) of open ones. */
  private reviewApps(): PlannedEnvironment[] {
    const wanted = this.profile.reviewApps;
    const recent = this.project.mergeRequests.filter(
      (mr) => mr.targetBranch === 'main' && mr.createdMs >= this.fromMs,
    );
    const endOf = (mr: DeliveryMergeRequest) => mr.mergedMs ?? mr.closedMs ?? mr.updatedMs;
    const open = recent
      .filter((mr) => mr.state === 'opened')
      .sort((a, b) => endOf(b) - endOf(a) || a.id - b.id);
    const done = recent
      .filter((mr) => mr.state !== 'opened')
      .sort((a, b) => endOf(b) - endOf(a) || a.id - b.id);
    const openCount = Math.min(open.length, Math.ceil(wanted / 2));
    const chosen = [...open.slice(0, openCount), ...done.slice(0, wanted - openCount)].sort(
      (a, b) => a.id - b.id,
    );
    const environments: PlannedEnvironment[] = [];
    for (const mr of chosen) {
      const { host } = this.profile;
      const name = `review/${mr.sourceBranch}`;
      const draft = this.draft(name, 'development', null);
      const endMs = Math.min(endOf(mr), this.nowMs);
      const firstMs = mr.createdMs + this.random.int(5, 40) * MINUTE_MS;
      const triggers: Trigger[] = [{ atMs: firstMs }];
      const pushes = this.random.int(0, 3);
      for (let push = 0; push < pushes && endMs > firstMs; push++) {
        triggers.push({ atMs: firstMs + (endMs - firstMs) * this.random.next() });
      }
      triggers.sort((a, b) => a.atMs - b.atMs);
      this.run(draft, triggers, {
        endMs,
        outcomes: REVIEW_OUTCOMES,
        retryChance: 0.6,
        release: () => ({ ref: mr.sourceBranch, sha: this.sha(), tag: false }),
        deployer: () => mr.authorId,
        gatedFromMs: null,
      });
      const last = draft.deployments.at(-1);
      if (!last) continue;
      const slug = slugOf(name);
      const withUrl = { ...draft, externalUrl: host && `https://${slug}.review.${host}` };
      // Stopped by its branch's stop job when the merge request is merged or closed; until then it
      // stays (no auto_stop_in: an old one waits for someone to stop it, or for stop_stale).
      const stoppedMs =
        mr.state === 'opened' ? null : Math.min(endMs + this.random.int(1, 20) * MINUTE_MS, this.nowMs);
      environments.push(this.finish(withUrl, stoppedMs));
    }
    return environments;
  }

  private finish(draft: EnvironmentDraft, stoppedMs: number | null): PlannedEnvironment {
    const first = draft.deployments[0] as PlannedDeployment;
    const last = draft.deployments.at(-1) as PlannedDeployment;
    const shipped = linkShipped(draft.deployments, this.project.mergeRequests);
    return {
      projectId: this.project.id,
      name: draft.name,
      slug: slugOf(draft.name),
      folder: environmentFolder(draft.name),
      tier: draft.tier,
      externalUrl: draft.externalUrl,
      state: stoppedMs === null ? 'available' : 'stopped',
      createdMs: first.createdMs,
      updatedMs: Math.max(last.finishedMs ?? last.createdMs, stoppedMs ?? 0),
      deployments: shipped,
    };
  }

  /**
   * Deploys at each trigger, one deployment at a time: a trigger while one runs waits for it; a
   * failure is retried (same ref and commit) now and then, before what came next.
   */
  private run(draft: EnvironmentDraft, triggers: readonly Trigger[], run: Run): void {
    let index = 0;
    let retry: { atMs: number; release: Release } | null = null;
    let freeMs = Number.NEGATIVE_INFINITY;
    let lastSuccess: PlannedDeployment | undefined;
    for (;;) {
      const trigger = triggers[index];
      let atMs: number;
      let release: Release | null = null;
      if (retry && (!trigger || retry.atMs <= trigger.atMs)) {
        ({ atMs, release } = retry);
        retry = null;
      } else if (trigger) {
        index++;
        atMs = trigger.atMs;
      } else {
        break;
      }
      // Whole milliseconds, as the database keeps them: the merge request windows compare exactly.
      const startMs = Math.round(Math.max(atMs, freeMs + this.random.int(1, 6) * MINUTE_MS));
      release ??= run.release(startMs, trigger as Trigger, lastSuccess);
      if (!release) continue;
      const deployment = this.deploy(startMs, release, run);
      if ((deployment.finishedMs as number) > run.endMs) break;
      draft.deployments.push(deployment);
      freeMs = deployment.finishedMs as number;
      if (deployment.status === 'success') lastSuccess = deployment;
      if (release.tag) this.lastReleaseFailed = deployment.status === 'failed';
      if (deployment.status === 'failed') {
        if (deployment.approval?.status !== 'rejected' && this.random.chance(run.retryChance)) {
          retry = { atMs: freeMs + logSkewed(this.random, 10 * MINUTE_MS, 3 * HOUR_MS), release };
        }
      }
    }
  }

  private deploy(startMs: number, release: Release, run: Run): PlannedDeployment {
    const gated = run.gatedFromMs !== null && startMs >= run.gatedFromMs;
    const userId = run.deployer(gated);
    const made = { ...release, userId, createdMs: startMs, shipped: [] };
    let runMs = startMs;
    let approval: PlannedApproval | null = null;
    if (gated) {
      const decidedMs = Math.round(startMs + logSkewed(this.random, 3 * MINUTE_MS, 5 * HOUR_MS));
      const decision = GATE_OUTCOMES.pick(this.random);
      if (decision === 'canceled') {
        return { ...made, status: 'canceled', finishedMs: decidedMs, approval: null };
      }
      const rejected = decision === 'rejected';
      approval = {
        userId: this.approverOtherThan(userId),
        status: decision,
        comment:
          rejected || this.random.chance(0.75)
            ? this.random.pick(rejected ? REJECTION_COMMENTS : APPROVAL_COMMENTS)
            : null,
        atMs: decidedMs,
      };
      // A rejection fails the deployment there and then.
      if (rejected) return { ...made, status: 'failed', finishedMs: decidedMs, approval };
      runMs = decidedMs;
    }
    const status = run.outcomes.pick(this.random);
    const [min, max] = this.profile.minutes;
    const fullMs = (min + (max - min) * this.random.next()) * MINUTE_MS;
    const tookMs =
      status === 'success'
        ? fullMs
        : status === 'failed'
          ? fullMs * (0.2 + 0.8 * this.random.next())
          : MINUTE_MS + fullMs * 0.3 * this.random.next();
    return { ...made, status, finishedMs: Math.round(runMs + tookMs), approval };
  }

  private approverOtherThan(userId: number): number {
    const others = this.maintainers.filter((m) => m.userId !== userId);
    const table = new WeightedTable(others.map((m) => [m.userId, m.level === 40 ? 3 : 1] as const));
    return table.pick(this.random);
  }

  /** Times on working hours (7:30 to 18:30, most around one), so many per working day on average. */
  private workingTimes(perDay: number, tier: EnvironmentTier): number[] {
    const times: number[] = [];
    const fromDay = Math.floor(this.fromMs / DAY_MS);
    const lastDay = Math.floor(this.nowMs / DAY_MS);
    for (let day = fromDay; day <= lastDay; day++) {
      const rate = perDay * dayFactor(day, tier) * (this.quietDays.has(day) ? 0.1 : 1);
      for (let count = poisson(this.random, rate); count > 0; count--) {
        const atMs = day * DAY_MS + (7.5 + 5.5 * (this.random.next() + this.random.next())) * HOUR_MS;
        if (atMs >= this.fromMs && atMs < this.nowMs) times.push(atMs);
      }
    }
    return times.sort((a, b) => a - b);
  }

  /** A freeze or a migration each year: a week or two with next to no deployments. */
  private quietSpells(): Set<number> {
    const days = new Set<number>();
    const fromDay = Math.ceil(this.fromMs / DAY_MS);
    const toDay = Math.floor(this.nowMs / DAY_MS) - 14;
    const spells = Math.round((toDay - fromDay) / 365);
    for (let spell = 0; spell < spells; spell++) {
      const start = this.random.int(fromDay, toDay);
      const length = this.random.int(5, 12);
      for (let day = start; day < start + length; day++) days.add(day);
    }
    return days;
  }

  private sha(): string {
    let text = '';
    for (let part = 0; part < 5; part++) {
      text += Math.floor(this.random.next() * 0x1_0000_0000)
        .toString(16)
        .padStart(8, '0');
    }
    return text;
  }
}

/**
 * The merge requests each success shipped (deploymentCommands.ts' linkShipped): merged into its ref
 * (into anything for a tag) after the previous success finished, by the time it finished.
 */
function linkShipped(
  deployments: readonly PlannedDeployment[],
  mergeRequests: readonly DeliveryMergeRequest[],
): PlannedDeployment[] {
  let afterMs = Number.NEGATIVE_INFINITY;
  return deployments.map((deployment) => {
    if (deployment.status !== 'success') return deployment;
    const untilMs = deployment.finishedMs as number;
    const shipped = mergeRequests
      .filter(
        (mr) =>
          mr.state === 'merged' &&
          mr.mergedMs !== null &&
          mr.mergedMs > afterMs &&
          mr.mergedMs <= untilMs &&
          (deployment.tag || mr.targetBranch === deployment.ref),
      )
      .map((mr) => mr.id);
    afterMs = untilMs;
    return { ...deployment, shipped };
  });
}

/** Weekends quiet, production shy on Fridays, next to nothing between Christmas and New Year, a slow August. */
function dayFactor(day: number, tier: EnvironmentTier): number {
  const date = new Date(day * DAY_MS);
  const weekday = date.getUTCDay();
  const month = date.getUTCMonth();
  const dayOfMonth = date.getUTCDate();
  let factor = weekday === 0 || weekday === 6 ? 0.06 : 1;
  if (tier === 'production' && weekday === 5) factor *= 0.6;
  if ((month === 11 && dayOfMonth >= 23) || (month === 0 && dayOfMonth <= 2)) factor *= 0.05;
  else if (month === 7 && dayOfMonth <= 14) factor *= 0.5;
  return factor;
}

/** A Poisson draw (Knuth's), for the small means here. */
function poisson(random: Random, mean: number): number {
  const limit = Math.exp(-mean);
  let count = 0;
  for (let product = random.next(); product > limit; product *= random.next()) count++;
  return count;
}

/** Between `min` and `max`, log-uniformly: mostly short, with a long tail. */
function logSkewed(random: Random, min: number, max: number): number {
  return min * (max / min) ** random.next();
}

/** The slug the environment service gives the name. */
function slugOf(name: string): string {
  return environmentSlug(name, createHash('sha256').update(name).digest('hex'));
}
