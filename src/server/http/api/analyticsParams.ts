import { labelFilterOf, milestoneFilterOf } from '../../../core/domain/codeReview.ts';
import { DORA_INTERVALS } from '../../../core/domain/doraMetrics.ts';
import { parseCalendarDate } from '../../../core/time/calendarDate.ts';
import { calendarDateToDay } from '../../../core/time/epochDay.ts';
import type { CodeReviewParams } from '../../services/analytics/codeReviewService.ts';
import type { DeploymentFrequencyParams, DoraParams } from '../../services/analytics/doraService.ts';
import {
  nested,
  optionalCalendarDate,
  optionalEnum,
  optionalInteger,
  optionalList,
  optionalString,
  ParamError,
  type Params,
} from './params.ts';

/**
 * Grape's parameter checks of the analytics APIs: a missing or malformed parameter is a 400
 * `{"error": …}` naming every failing one in the order they are declared
 * (`environment is missing, from is missing`), before anything is read.
 */

/** Longest text a name or title parameter may carry. */
const MAX_TEXT = 1024;

/** Collects each parameter's failure instead of stopping at the first, as Grape does. */
class ParamProblems {
  private readonly messages: string[] = [];

  take<T>(read: () => T): T | undefined {
    try {
      return read();
    } catch (error) {
      if (!(error instanceof ParamError)) throw error;
      this.messages.push(error.message);
      return undefined;
    }
  }

  /** Throws the collected failures, if any, as one. */
  check(): void {
    if (this.messages.length > 0) throw new ParamError(this.messages.join(', '));
  }
}

const isSet = (params: Params, name: string) => params[name] !== undefined && params[name] !== null;

function required<T>(params: Params, name: string, read: () => T | undefined): T {
  if (!isSet(params, name)) throw new ParamError(`${name} is missing`);
  const value = read();
  if (value === undefined) throw new ParamError(`${name} is invalid`);
  return value;
}

/** ISO 8601: a date, or a date and time with or without seconds, fraction and zone. */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * Grape's DateTime: an ISO 8601 date or date and time; one without a zone is UTC, as Ruby's
 * DateTime.parse reads it (JavaScript would read it in the server's zone).
 */
function optionalDateTime(params: Params, name: string): Date | undefined {
  const text = optionalString(params, name, 64)?.trim();
  if (text === undefined) return undefined;
  const match = DATE_TIME.exec(text);
  // The day itself must exist: JavaScript would take February 30 for March 2.
  if (!match?.[1] || !parseCalendarDate(match[1])) throw new ParamError(`${name} is invalid`);
  const iso = text.replace(' ', 'T');
  const instant = new Date(text.length > 10 && match[2] === undefined ? `${iso}Z` : iso);
  if (Number.isNaN(instant.getTime())) throw new ParamError(`${name} is invalid`);
  return instant;
}

/** `GET /projects/:id/analytics/deployment_frequency`: environment and from required, to, interval. */
export function deploymentFrequencyParams(query: Params): DeploymentFrequencyParams {
  const problems = new ParamProblems();
  const environment = problems.take(() =>
    required(query, 'environment', () => optionalString(query, 'environment', MAX_TEXT)),
  );
  const from = problems.take(() => required(query, 'from', () => optionalDateTime(query, 'from')));
  const to = problems.take(() => optionalDateTime(query, 'to'));
  const interval = problems.take(() => optionalEnum(query, 'interval', DORA_INTERVALS));
  problems.check();
  if (environment === undefined || from === undefined) throw new Error('checked parameters are missing');
  return { environment, from, to, interval: interval ?? 'all' };
}

/**
 * `GET /projects|groups/:id/dora/metrics`: metric required; start_date and end_date (dates);
 * interval; environment_tiers (`environment_tiers[]=a&environment_tiers[]=b` or `a,b`) with the
 * deprecated environment_tier added to them. The service checks the values.
 */
export function doraParams(query: Params): DoraParams {
  const problems = new ParamProblems();
  const metric = problems.take(() =>
    required(query, 'metric', () => optionalString(query, 'metric', MAX_TEXT)),
  );
  const start = problems.take(() => optionalCalendarDate(query, 'start_date'));
  const end = problems.take(() => optionalCalendarDate(query, 'end_date'));
  const interval = problems.take(() => optionalString(query, 'interval', MAX_TEXT));
  const tier = problems.take(() => optionalString(query, 'environment_tier', MAX_TEXT));
  const tiers = problems.take(() => optionalList(query, 'environment_tiers'));
  problems.check();
  if (metric === undefined) throw new Error('checked parameters are missing');
  const environmentTiers = tier === undefined ? tiers : [...new Set([...(tiers ?? []), tier])];
  return {
    metric,
    startDate: start === undefined ? undefined : calendarDateToDay(start),
    endDate: end === undefined ? undefined : calendarDateToDay(end),
    interval,
    environmentTiers,
  };
}

/** `GET /analytics/group_activity/*`: the group's full path, required. */
export function groupPathParam(query: Params): string {
  return required(query, 'group_path', () => optionalString(query, 'group_path', MAX_TEXT));
}

/**
 * `GET /analytics/code_review`: project_id (an integer) required; label_name (a list or
 * comma-separated) and milestone_title, each also under `not`.
 */
export function codeReviewParams(query: Params): { projectId: number; filters: CodeReviewParams } {
  const problems = new ParamProblems();
  const projectId = problems.take(() =>
    required(query, 'project_id', () => optionalInteger(query, 'project_id', 0)),
  );
  const labels = problems.take(() => optionalList(query, 'label_name'));
  const milestone = problems.take(() => optionalString(query, 'milestone_title', MAX_TEXT));
  const not = nested(query, 'not');
  const notLabels = problems.take(() => optionalList(not, 'label_name'));
  const notMilestone = problems.take(() => optionalString(not, 'milestone_title', MAX_TEXT));
  problems.check();
  if (projectId === undefined) throw new Error('checked parameters are missing');
  return {
    projectId,
    filters: {
      labels: labels === undefined ? undefined : labelFilterOf(labels),
      milestone: milestone === undefined ? undefined : milestoneFilterOf(milestone),
      notLabelTitles: notLabels,
      notMilestoneTitle: notMilestone,
    },
  };
}
