import { stageEventByIdentifier, totalTime } from '../../../core/domain/valueStreams.ts';
import { issueWebPath, mergeRequestWebPath } from '../../../core/domain/webPaths.ts';
import type { LabelRow } from '../../db/schema.ts';
import type { StageRecord } from '../../services/valueStreams/stageDataService.ts';
import type { StageView, ValueStreamView } from '../../services/valueStreams/valueStreamService.ts';
import { labelJson, userBasicJson } from '../api/presenters.ts';

/** GitLab's value stream analytics entities (Analytics::CycleAnalytics::*Entity). */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The event's name, with its label for a label event (`Issue label was added <code>bug</code>`). */
const eventDescription = (identifier: string, label: LabelRow | null) => {
  const name = escapeHtml(stageEventByIdentifier(identifier)?.name ?? identifier);
  return label ? `${name} <code>${escapeHtml(label.title)}</code>` : name;
};

export function stageJson(stage: StageView) {
  const { row } = stage;
  return {
    id: row.id,
    title: row.name,
    name: row.name,
    hidden: row.hidden,
    custom: row.custom,
    legend: '',
    description: stage.description,
    relative_position: row.relative_position,
    start_event_identifier: stage.start,
    end_event_identifier: stage.end,
    start_event_label_id: row.start_event_label_id,
    end_event_label_id: row.end_event_label_id,
    start_event_label: stage.startLabel ? labelJson(stage.startLabel) : null,
    end_event_label: stage.endLabel ? labelJson(stage.endLabel) : null,
    start_event_html_description: eventDescription(stage.start, stage.startLabel),
    end_event_html_description: eventDescription(stage.end, stage.endLabel),
    recorded: stage.recorded,
  };
}

export function valueStreamJson(view: ValueStreamView) {
  return {
    id: view.stream.id,
    name: view.stream.name,
    is_custom: view.isCustom,
    stages: view.stages.map(stageJson),
  };
}

export function recordJson(record: StageRecord, externalUrl: string) {
  const path =
    record.subject === 'Issue'
      ? issueWebPath(record.projectPath, record.iid)
      : mergeRequestWebPath(record.projectPath, record.iid);
  const symbol = record.subject === 'Issue' ? '#' : '!';
  return {
    id: record.id,
    iid: record.iid,
    title: record.title,
    state: record.state,
    url: path,
    web_url: `${externalUrl}${path}`,
    reference: `${record.projectPath}${symbol}${record.iid}`,
    project_path: record.projectPath,
    namespace_full_path: record.namespacePath,
    author: userBasicJson(record.author, externalUrl),
    start_event_timestamp: record.startEventTimestamp.toISOString(),
    end_event_timestamp: record.endEventTimestamp.toISOString(),
    duration_in_milliseconds: record.durationInMilliseconds,
    total_time: totalTime(record.durationInMilliseconds),
  };
}
