import { parseGlobalId, toGlobalId } from '../../../core/domain/gid.ts';
import type { TimelineEventRow } from '../../db/schema.ts';
import { notePolicyById } from '../../services/discussions/noteableLookup.ts';
import { NotFoundError } from '../../services/errors.ts';
import {
  canAdminTimelineEvents,
  createTimelineEvent,
  destroyTimelineEvent,
  editTimelineEvent,
  findReadableIncident,
  findReadableTimelineEvent,
  listTimelineEvents,
  promoteNoteToTimelineEvent,
} from '../../services/incidents/timelineEventService.ts';
import { findReadableIssueByIdOrNull, type IssueInProject } from '../../services/issueService.ts';
import { listConnection, offsetConnection, PAGE_LIMITS } from '../connection.ts';
import type { GraphQLContext } from '../context.ts';
import type {
  IssuePermissionsResolvers,
  IssueResolvers,
  MutationResolvers,
  ProjectResolvers,
  TimelineEventTagTypeResolvers,
  TimelineEventTypeResolvers,
} from '../generated/resolvers.ts';
import type { TimelineEventTypeModel } from '../models.ts';
import { payloadErrors, requireWriteAccess } from './mutationSupport.ts';

/**
 * GitLab's incident timeline over GraphQL (TimelineEventType, project.incidentManagementTimelineEvents,
 * timelineEventCreate / Update / Destroy) and the pinned Zoom meeting: thin adapters over
 * services/incidents. A missing or unreadable incident is GitLab's "resource not available".
 */

/** The numeric id of a global id the scalar already checked. */
const numericId = (gid: string): number => {
  const parsed = parseGlobalId(gid);
  return parsed.ok ? parsed.value.id : Number.NaN;
};

/** A `Time` input as an instant; one without an offset is UTC, as GitLab reads it. */
function instantOf(time: string): Date {
  const hasOffset = /(?:Z|[+-]\d{2}:?\d{2})$/.test(time);
  return new Date(time.length > 10 && !hasOffset ? `${time}Z` : time);
}

const model = (located: IssueInProject, event: TimelineEventRow): TimelineEventTypeModel => ({
  event,
  located,
});

/** The incident named by the project and id, when the reader may read it; null otherwise. */
async function incidentInProject(
  projectId: number,
  incidentId: string,
  context: GraphQLContext,
): Promise<IssueInProject | null> {
  const located = await findReadableIssueByIdOrNull(context.db, context.access, numericId(incidentId));
  return located?.project.id === projectId ? located : null;
}

export const timelineEventProjectFields: Pick<
  ProjectResolvers,
  'incidentManagementTimelineEvents' | 'incidentManagementTimelineEvent'
> = {
  incidentManagementTimelineEvents: async (project, args, context) => {
    const located = await incidentInProject(project.id, args.incidentId, context);
    const events = located ? await listTimelineEvents(context.db, located) : [];
    const models = located ? events.map((event) => model(located, event)) : [];
    return offsetConnection(args, PAGE_LIMITS.maxPageSize, async (page) => ({
      rows: models.slice(page.offset, page.offset + page.limit),
      total: models.length,
    }));
  },
  incidentManagementTimelineEvent: async (project, args, context) => {
    const located = await incidentInProject(project.id, args.incidentId, context);
    if (!located) return null;
    const events = await listTimelineEvents(context.db, located);
    const event = events.find((row) => row.id === numericId(args.id));
    return event ? model(located, event) : null;
  },
};

export const TimelineEventType: TimelineEventTypeResolvers = {
  id: ({ event }) => toGlobalId('IncidentManagement::TimelineEvent', event.id),
  note: ({ event }) => event.note,
  noteHtml: async ({ event, located }, _args, context) =>
    (await context.markdown.render({ project: located.project, namespace: located.namespace }, event.note))
      .html,
  action: ({ event }) => event.action,
  occurredAt: ({ event }) => event.occurred_at.toISOString(),
  createdAt: ({ event }) => event.created_at.toISOString(),
  updatedAt: ({ event }) => event.updated_at.toISOString(),
  editable: ({ event }) => event.editable,
  author: ({ event }, _args, { loaders }) =>
    event.author_id === null ? null : loaders.user.load(event.author_id),
  updatedByUser: ({ event }, _args, { loaders }) =>
    event.updated_by_user_id === null ? null : loaders.user.load(event.updated_by_user_id),
  incident: ({ located }) => located.issue,
  timelineEventTags: async ({ event }, _args, { loaders }) =>
    listConnection(await loaders.timelineEventTags.load(event.id)),
  promotedFromNote: async ({ event }, _args, context) => {
    if (event.promoted_from_note_id === null) return null;
    try {
      const { policy, note } = await notePolicyById(context.db, context.access, event.promoted_from_note_id);
      return { row: note, policy };
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  },
};

/** The links pinned under an incident's title: its Zoom meeting and its status page. */
export const pinnedLinkIssueFields: Pick<IssueResolvers, 'zoomMeetingUrl' | 'publishedIncidentUrl'> = {
  zoomMeetingUrl: (issue, _args, { loaders }) => loaders.zoomMeetingUrl.load(issue.id),
  publishedIncidentUrl: (issue, _args, { loaders }) => loaders.publishedIncidentUrl.load(issue.id),
};

export const timelineEventPermissionFields: Pick<
  IssuePermissionsResolvers,
  'adminIncidentManagementTimelineEvent'
> = {
  adminIncidentManagementTimelineEvent: (permissions, _args, context) =>
    context.actor.user !== null && canAdminTimelineEvents(context.access, permissions),
};

export const timelineEventMutations: Pick<
  MutationResolvers,
  'timelineEventCreate' | 'timelineEventUpdate' | 'timelineEventDestroy' | 'timelineEventPromoteFromNote'
> = {
  timelineEventPromoteFromNote: (_parent, { input }, context) => {
    requireWriteAccess(context);
    return payloadErrors(async () => {
      const { located, event } = await promoteNoteToTimelineEvent(
        context.db,
        context.access,
        numericId(input.noteId),
        context.config.externalUrl,
      );
      return {
        clientMutationId: input.clientMutationId ?? null,
        timelineEvent: model(located, event),
        errors: [],
      };
    });
  },
  timelineEventCreate: (_parent, { input }, context) => {
    requireWriteAccess(context);
    return payloadErrors(async () => {
      const located = await findReadableIncident(context.db, context.access, numericId(input.incidentId));
      const event = await createTimelineEvent(context.db, context.access, located, {
        note: input.note,
        occurredAt: instantOf(input.occurredAt),
        tagNames: input.timelineEventTagNames ?? undefined,
      });
      return {
        clientMutationId: input.clientMutationId ?? null,
        timelineEvent: model(located, event),
        errors: [],
      };
    });
  },
  timelineEventUpdate: (_parent, { input }, context) => {
    requireWriteAccess(context);
    return payloadErrors(async () => {
      const event = await editTimelineEvent(context.db, context.access, numericId(input.id), {
        note: input.note ?? undefined,
        occurredAt: input.occurredAt ? instantOf(input.occurredAt) : undefined,
        tagNames: input.timelineEventTagNames ?? undefined,
      });
      const { located } = await findReadableTimelineEvent(context.db, context.access, event.id);
      return {
        clientMutationId: input.clientMutationId ?? null,
        timelineEvent: model(located, event),
        errors: [],
      };
    });
  },
  timelineEventDestroy: (_parent, { input }, context) => {
    requireWriteAccess(context);
    return payloadErrors(async () => {
      const id = numericId(input.id);
      const { located } = await findReadableTimelineEvent(context.db, context.access, id);
      const event = await destroyTimelineEvent(context.db, context.access, id);
      return {
        clientMutationId: input.clientMutationId ?? null,
        timelineEvent: model(located, event),
        errors: [],
      };
    });
  },
};

export const TimelineEventTagType: TimelineEventTagTypeResolvers = {
  id: (tag) => toGlobalId('IncidentManagement::TimelineEventTag', tag.id),
  name: (tag) => tag.name,
};
