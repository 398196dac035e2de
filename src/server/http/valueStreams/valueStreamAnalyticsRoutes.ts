import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerDeps } from '../../serverDeps.ts';
import {
  type StageLocation,
  stageAverageDurationChart,
  stageItemCount,
  stageItems,
  stageMedianSeconds,
} from '../../services/valueStreams/stageDataService.ts';
import {
  createValueStream,
  listValueStreamViews,
  removeValueStream,
  stageConfiguration,
  updateValueStream,
  ValueStreamInvalidError,
} from '../../services/valueStreams/valueStreamService.ts';
import { readAggregatedBackend, switchAggregatedBackend } from '../../services/valueStreams/vsaAggregator.ts';
import {
  tasksByType,
  topLabels,
  vsaSummary,
  vsaTimeSummary,
} from '../../services/valueStreams/vsaOverviewService.ts';
import { bodyParams, type Params } from '../api/params.ts';
import { labelJson } from '../api/presenters.ts';
import { linkJsonErrorHandler } from '../epicLinks/linkJsonErrors.ts';
import { groupPathOf, groupScopedPatterns } from '../groupScopedRoutes.ts';
import { recordJson, stageJson, valueStreamJson } from './vsaJson.ts';
import {
  enabledParam,
  idParam,
  recordsOrder,
  subjectParam,
  tasksByTypeParams,
  valueStreamInput,
  vsaParams,
} from './vsaParams.ts';

const VSA = 'analytics/value_stream_analytics';

/**
 * Value stream analytics' JSON, at GitLab's paths under `/groups/:group/-/analytics/`. Reporters and up
 * of a group whose plan has it (Premium); every failure is `{ "message": … }`:
 *
 * GET    value_stream_analytics/value_streams                       the streams with their stages
 * POST   value_stream_analytics/value_streams                       { name, stages } → 201; 422 with
 *        `{ message: "Invalid parameters", payload: { errors: { name, stages: { "0": {…} } } } }`
 * PUT    value_stream_analytics/value_streams/:id                   same body; stages left out are removed
 * DELETE value_stream_analytics/value_streams/:id                   a custom stream (the default: 422)
 * GET    value_stream_analytics/value_streams/:id/stages            `{ stages, events }`
 * GET    value_stream_analytics/value_streams/:id/stages/:stage/{median,count,average_duration_chart,records}
 *        created_after, created_before (30 days to today; at most 180: 422), project_ids[], label_name[],
 *        milestone_title, author_username, assignee_username[]; records: sort, direction, page
 * GET    value_stream_analytics/{summary,time_summary}               the overview's figures
 * GET|PUT value_stream_analytics/use_aggregated_backend              `{ enabled }`
 * GET    type_of_work/tasks_by_type, type_of_work/tasks_by_type/top_labels
 */
export function registerValueStreamAnalyticsRoutes(app: FastifyInstance, { db, config }: ServerDeps): void {
  const options = { errorHandler: linkJsonErrorHandler };
  const group = (request: FastifyRequest) => groupPathOf(request.params);
  const streamId = (request: FastifyRequest) => idParam(request.params, 'valueStreamId');
  const location = (request: FastifyRequest): StageLocation => ({
    groupPath: group(request),
    valueStreamId: streamId(request),
    stageId: idParam(request.params, 'stageId'),
  });
  const query = (request: FastifyRequest) => request.query as Params;

  const invalid = (reply: FastifyReply, error: unknown) => {
    if (!(error instanceof ValueStreamInvalidError)) throw error;
    return reply.code(422).send({ message: 'Invalid parameters', payload: { errors: error.errors } });
  };

  for (const path of groupScopedPatterns(`${VSA}/value_streams`)) {
    app.get(path, options, async (request) =>
      (await listValueStreamViews(db, request.access, group(request))).map(valueStreamJson),
    );
    app.post(path, options, async (request, reply) => {
      const input = valueStreamInput(bodyParams(request));
      try {
        const view = await createValueStream(db, request.access, group(request), input);
        return reply.code(201).send(valueStreamJson(view));
      } catch (error) {
        return invalid(reply, error);
      }
    });
  }

  for (const path of groupScopedPatterns(`${VSA}/value_streams/:valueStreamId`)) {
    app.put(path, options, async (request, reply) => {
      const input = valueStreamInput(bodyParams(request));
      try {
        return valueStreamJson(
          await updateValueStream(db, request.access, group(request), streamId(request), input),
        );
      } catch (error) {
        return invalid(reply, error);
      }
    });
    app.delete(path, options, async (request, reply) => {
      try {
        await removeValueStream(db, request.access, group(request), streamId(request));
        return {};
      } catch (error) {
        if (error instanceof ValueStreamInvalidError)
          return reply.code(422).send({ message: error.errors.name?.join(', ') ?? 'Invalid parameters' });
        throw error;
      }
    });
  }

  for (const path of groupScopedPatterns(`${VSA}/value_streams/:valueStreamId/stages`)) {
    app.get(path, options, async (request) => {
      const { view, events } = await stageConfiguration(
        db,
        request.access,
        group(request),
        streamId(request),
      );
      return { stages: view.stages.map(stageJson), events };
    });
  }

  const stagePath = (suffix: string) =>
    groupScopedPatterns(`${VSA}/value_streams/:valueStreamId/stages/:stageId/${suffix}`);
  for (const path of stagePath('median')) {
    app.get(path, options, async (request) => ({
      value: await stageMedianSeconds(db, request.access, location(request), vsaParams(query(request))),
    }));
  }
  for (const path of stagePath('count')) {
    app.get(path, options, async (request) => ({
      count: await stageItemCount(db, request.access, location(request), vsaParams(query(request))),
    }));
  }
  for (const path of stagePath('average_duration_chart')) {
    app.get(path, options, async (request) =>
      (await stageAverageDurationChart(db, request.access, location(request), vsaParams(query(request)))).map(
        (day) => ({ date: day.date, average_duration_in_seconds: day.averageMilliseconds / 1000 }),
      ),
    );
  }
  for (const path of stagePath('records')) {
    app.get(path, options, async (request, reply) => {
      const order = recordsOrder(query(request));
      const page = await stageItems(db, request.access, location(request), vsaParams(query(request)), order);
      reply.header('x-page', String(page.page));
      reply.header('x-per-page', '20');
      reply.header('x-next-page', page.hasNextPage ? String(page.page + 1) : '');
      reply.header('x-prev-page', page.page > 1 ? String(page.page - 1) : '');
      return page.records.map((record) => recordJson(record, config.externalUrl));
    });
  }

  for (const path of groupScopedPatterns(`${VSA}/summary`)) {
    app.get(path, options, async (request) =>
      vsaSummary(db, request.access, group(request), vsaParams(query(request))),
    );
  }
  for (const path of groupScopedPatterns(`${VSA}/time_summary`)) {
    app.get(path, options, async (request) =>
      vsaTimeSummary(db, request.access, group(request), vsaParams(query(request))),
    );
  }

  for (const path of groupScopedPatterns(`${VSA}/use_aggregated_backend`)) {
    app.get(path, options, async (request) => ({
      enabled: await readAggregatedBackend(db, request.access, group(request)),
    }));
    app.put(path, options, async (request) => {
      const enabled = enabledParam(bodyParams(request));
      await switchAggregatedBackend(db, request.access, group(request), enabled);
      return { enabled };
    });
  }

  for (const path of groupScopedPatterns('analytics/type_of_work/tasks_by_type')) {
    app.get(path, options, async (request) => {
      const series = await tasksByType(db, request.access, group(request), tasksByTypeParams(query(request)));
      return series.map((entry) => ({ label: labelJson(entry.label), series: entry.series }));
    });
  }
  for (const path of groupScopedPatterns('analytics/type_of_work/tasks_by_type/top_labels')) {
    app.get(path, options, async (request) => {
      const params = { ...vsaParams(query(request)), subject: subjectParam(query(request)) };
      return (await topLabels(db, request.access, group(request), params)).map((label) => labelJson(label));
    });
  }
}
