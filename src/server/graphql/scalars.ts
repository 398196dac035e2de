import { type GlobalIdType, parseGlobalId } from '../../core/domain/gid.ts';
import { parseCalendarDate } from '../../core/time/calendarDate.ts';

/**
 * Input checks for the date scalars: a bad value is a GraphQL validation error (HTTP 400) before any
 * resolver runs, instead of reaching SQL. Values stay strings, as the resolvers expect them.
 *
 * Plain objects, not GraphQLScalarType instances: Mercurius copies these functions onto the schema's
 * own scalar types, and a type built with this module's copy of graphql would not be recognised.
 */

/** GitLab's `Time`: an ISO 8601 date, or date and time with an optional offset. */
const TIME_PATTERN =
  /^(\d{4}-\d{2}-\d{2})(?:[T ]([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?)?$/;

function parseTime(value: unknown): string {
  const match = typeof value === 'string' ? TIME_PATTERN.exec(value) : null;
  if (!match?.[1] || !parseCalendarDate(match[1])) {
    throw new TypeError(`${JSON.stringify(value)} is not a valid ISO 8601 time`);
  }
  return value as string;
}

function parseDate(value: unknown): string {
  if (typeof value !== 'string' || !parseCalendarDate(value)) {
    throw new TypeError(`${JSON.stringify(value)} is not a valid ISO 8601 date`);
  }
  return value;
}

/** A literal's value: only string literals can be dates; anything else fails the parser. */
function literalValue(node: { kind: string; value?: unknown }): unknown {
  return node.kind === 'StringValue' ? node.value : node;
}

function dateScalar(parse: (value: unknown) => string) {
  return {
    serialize: (value: unknown) => value,
    parseValue: parse,
    parseLiteral: (node: { kind: string; value?: unknown }) => parse(literalValue(node)),
  };
}

/** GitLab's typed global ids: a malformed or wrong-type id fails with GitLab's argument error. */
function globalIdScalar(types: readonly GlobalIdType[]) {
  const parse = (value: unknown): string => {
    const parsed = typeof value === 'string' ? parseGlobalId(value, types) : null;
    if (!parsed?.ok)
      throw new TypeError(parsed?.error ?? `${JSON.stringify(value)} is not a valid GitLab ID.`);
    return value as string;
  };
  return {
    serialize: (value: unknown) => value,
    parseValue: parse,
    parseLiteral: (node: { kind: string; value?: unknown }) => parse(literalValue(node)),
  };
}

/** GitLab's discussion ids: `gid://gitlab/Discussion/` and the discussion's 40 hex characters. */
function discussionIdScalar() {
  const parse = (value: unknown): string => {
    if (typeof value !== 'string' || !/^gid:\/\/gitlab\/Discussion\/[0-9a-f]{40}$/.test(value)) {
      throw new TypeError(
        `${typeof value === 'string' ? value : JSON.stringify(value)} is not a valid GitLab ID.`,
      );
    }
    return value;
  };
  return {
    serialize: (value: unknown) => value,
    parseValue: parse,
    parseLiteral: (node: { kind: string; value?: unknown }) => parse(literalValue(node)),
  };
}

export const scalarResolvers = {
  Time: dateScalar(parseTime),
  Date: dateScalar(parseDate),
  ISO8601Date: dateScalar(parseDate),
  TodoID: globalIdScalar(['Todo']),
  // GitLab takes to-dos on issues, merge requests, designs and more; here epics, issues (and their
  // work items) and merge requests.
  TodoableID: globalIdScalar(['Epic', 'Issue', 'WorkItem', 'MergeRequest']),
  EpicID: globalIdScalar(['Epic']),
  EpicTreeSortingID: globalIdScalar(['Epic', 'EpicIssue']),
  NoteableID: globalIdScalar(['Epic', 'Issue', 'WorkItem']),
  NoteID: globalIdScalar(['Note']),
  IssueID: globalIdScalar(['Issue']),
  IncidentManagementTimelineEventID: globalIdScalar(['IncidentManagement::TimelineEvent']),
  IncidentManagementTimelineEventTagID: globalIdScalar(['IncidentManagement::TimelineEventTag']),
  AwardableID: globalIdScalar(['Epic', 'Issue', 'WorkItem', 'Note']),
  DiscussionID: discussionIdScalar(),
  WorkItemID: globalIdScalar(['WorkItem']),
  WorkItemsTypeID: globalIdScalar(['WorkItems::Type']),
  VulnerabilityID: globalIdScalar(['Vulnerability']),
  ProjectID: globalIdScalar(['Project']),
} as const;
