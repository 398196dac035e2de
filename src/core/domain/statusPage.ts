/**
 * GitLab's Status Page: a project's incidents, published as JSON files into an S3 bucket that a
 * static status page site reads. The bucket's layout, the published files' shape, the settings'
 * rules and the texts are GitLab's (StatusPage::Storage, StatusPage::IncidentEntity,
 * StatusPage::ProjectSetting), so GitLab's own status page front end reads what is published here.
 */

/** The list of recent incidents the status page's landing page reads. */
export const STATUS_PAGE_LIST_KEY = 'data/list.json';

/** GitLab's StatusPage::Storage::MAX_RECENT_INCIDENTS: the list holds the newest twenty. */
export const MAX_RECENT_INCIDENTS = 20;

/** GitLab replaces linked user and group mentions in published texts with this. */
export const ANONYMIZED_MENTION = 'Incident Responder';

/** GitLab's award that marks a comment for publication. */
export const PUBLISH_COMMENT_EMOJI = 'microphone';

/** An incident's details file, relative to the bucket (and the status page site). */
export function incidentDetailsKey(iid: number): string {
  return `data/incident/${iid}.json`;
}

/**
 * Where the status page shows a published incident: the site's address with the details file as
 * its route (GitLab's status page front end routes by hash). Null without a status page address.
 */
export function publishedIncidentUrl(statusPageUrl: string | null, iid: number): string | null {
  if (!statusPageUrl) return null;
  return `${statusPageUrl.replace(/\/+$/, '')}/#/${incidentDetailsKey(iid)}`;
}

/** An incident as the status page lists it (GitLab's StatusPage::IncidentEntity without comments). */
export interface StatusPageIncidentSummary {
  readonly id: number;
  readonly status: 'opened' | 'closed';
  /** HTML. */
  readonly title: string;
  /** HTML. */
  readonly description: string;
  readonly updated_at: string;
  readonly created_at: string;
  readonly links: { readonly details: string };
}

/** A published comment: its HTML and when it was written. */
export interface StatusPageComment {
  readonly note: string;
  readonly created_at: string;
}

/** An incident's details file. */
export interface StatusPageIncidentDetails extends StatusPageIncidentSummary {
  readonly comments: readonly StatusPageComment[];
}

/** What an incident's published files are made of, its texts already rendered and anonymized. */
export interface PublishableIncident {
  readonly iid: number;
  readonly state: 'opened' | 'closed';
  readonly titleHtml: string;
  readonly descriptionHtml: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  /** The comments marked for publication, oldest first. */
  readonly comments: readonly { readonly noteHtml: string; readonly createdAt: Date }[];
}

export function incidentSummary(incident: PublishableIncident): StatusPageIncidentSummary {
  return {
    id: incident.iid,
    status: incident.state,
    title: incident.titleHtml,
    description: incident.descriptionHtml,
    updated_at: incident.updatedAt.toISOString(),
    created_at: incident.createdAt.toISOString(),
    links: { details: incidentDetailsKey(incident.iid) },
  };
}

export function incidentDetails(incident: PublishableIncident): StatusPageIncidentDetails {
  return {
    ...incidentSummary(incident),
    comments: incident.comments.map((comment) => ({
      note: comment.noteHtml,
      created_at: comment.createdAt.toISOString(),
    })),
  };
}

/** The landing page's list: the newest incidents first (by when they were opened), at most twenty. */
export function incidentList(incidents: readonly PublishableIncident[]): StatusPageIncidentSummary[] {
  return [...incidents]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.iid - a.iid)
    .slice(0, MAX_RECENT_INCIDENTS)
    .map(incidentSummary);
}

/** A project's status page settings as its maintainers edit them (the secret key is never shown). */
export interface StatusPageSettingsInput {
  readonly enabled: boolean;
  readonly statusPageUrl: string;
  readonly bucketName: string;
  readonly region: string;
  readonly accessKeyId: string;
  /** '' keeps the saved secret. */
  readonly secretAccessKey: string;
  /** An S3-compatible store's address; '' for AWS itself. */
  readonly endpoint: string;
}

export type StatusPageSettingsField = Exclude<keyof StatusPageSettingsInput, 'enabled'>;

/** GitLab's StatusPage::ProjectSetting limits. */
export const STATUS_PAGE_LIMITS = {
  bucketName: { min: 3, max: 63 },
  region: { max: 255 },
  accessKeyId: { max: 255 },
  secretAccessKey: { max: 255 },
  statusPageUrl: { max: 255 },
  endpoint: { max: 255 },
} as const;

export const STATUS_PAGE_FIELD_NAMES: Readonly<Record<StatusPageSettingsField, string>> = {
  statusPageUrl: 'Status page URL',
  bucketName: 'S3 Bucket name',
  region: 'AWS region',
  accessKeyId: 'AWS access key ID',
  secretAccessKey: 'AWS Secret access key',
  endpoint: 'S3 endpoint',
};

/** S3's bucket naming rules: lowercase letters, digits, dots and hyphens, a letter or digit at each end. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]*[a-z0-9]$/;

/** An http(s) address with a host and no spaces. */
const HTTP_URL = /^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i;

function isHttpUrl(text: string): boolean {
  return HTTP_URL.test(text);
}

/**
 * The problems of a settings form, by field ('' when none). Active settings need the bucket, its
 * region and both keys (`hasSavedSecret` stands for a secret left blank to keep the saved one);
 * inactive ones may be saved incomplete, but what is filled in must be well formed.
 */
export function statusPageSettingsErrors(
  input: StatusPageSettingsInput,
  hasSavedSecret: boolean,
): Partial<Record<StatusPageSettingsField, string>> {
  const errors: Partial<Record<StatusPageSettingsField, string>> = {};
  const name = STATUS_PAGE_FIELD_NAMES;
  const required = (field: StatusPageSettingsField, value: string, saved = false) => {
    if (input.enabled && value.trim() === '' && !saved) errors[field] = `${name[field]} can't be blank`;
  };
  required('bucketName', input.bucketName);
  required('region', input.region);
  required('accessKeyId', input.accessKeyId);
  required('secretAccessKey', input.secretAccessKey, hasSavedSecret);
  const tooLong = (field: StatusPageSettingsField, value: string, max: number) => {
    if (value.length > max) errors[field] = `${name[field]} is too long (maximum is ${max} characters)`;
  };
  const bucket = input.bucketName.trim();
  if (bucket !== '') {
    if (bucket.length < STATUS_PAGE_LIMITS.bucketName.min)
      errors.bucketName = `${name.bucketName} is too short (minimum is ${STATUS_PAGE_LIMITS.bucketName.min} characters)`;
    else if (bucket.length > STATUS_PAGE_LIMITS.bucketName.max)
      tooLong('bucketName', bucket, STATUS_PAGE_LIMITS.bucketName.max);
    else if (!BUCKET_NAME.test(bucket))
      errors.bucketName = `${name.bucketName} may hold only lowercase letters, digits, dots and hyphens`;
  }
  tooLong('region', input.region, STATUS_PAGE_LIMITS.region.max);
  tooLong('accessKeyId', input.accessKeyId, STATUS_PAGE_LIMITS.accessKeyId.max);
  tooLong('secretAccessKey', input.secretAccessKey, STATUS_PAGE_LIMITS.secretAccessKey.max);
  for (const field of ['statusPageUrl', 'endpoint'] as const) {
    const value = input[field].trim();
    if (value === '') continue;
    if (value.length > STATUS_PAGE_LIMITS[field].max) tooLong(field, value, STATUS_PAGE_LIMITS[field].max);
    else if (!isHttpUrl(value)) errors[field] = `${name[field]} must be a valid URL`;
  }
  return errors;
}

/** The settings as the form shows them: the secret only as whether one is saved. */
export interface StatusPageSettingsView {
  readonly enabled: boolean;
  readonly statusPageUrl: string;
  readonly bucketName: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly hasSecret: boolean;
  readonly endpoint: string;
  /** Why the last publication failed ('' when it did not). */
  readonly lastError: string;
  /** ISO 8601 of the last successful publication ('' for none). */
  readonly lastPublishedAt: string;
  readonly publishedCount: number;
}

/** The page mount's JSON as a view; blank settings for anything malformed. */
export function parseStatusPageSettingsView(json: string): StatusPageSettingsView {
  let value: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(json);
    if (parsed && typeof parsed === 'object') value = parsed as Record<string, unknown>;
  } catch {
    // A page without settings shows the blank form.
  }
  const text = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : '');
  return {
    enabled: value.enabled === true,
    statusPageUrl: text('statusPageUrl'),
    bucketName: text('bucketName'),
    region: text('region'),
    accessKeyId: text('accessKeyId'),
    hasSecret: value.hasSecret === true,
    endpoint: text('endpoint'),
    lastError: text('lastError'),
    lastPublishedAt: text('lastPublishedAt'),
    publishedCount: typeof value.publishedCount === 'number' ? value.publishedCount : 0,
  };
}

/** GitLab's texts of publishing. */
export const STATUS_PAGE_TEXTS = {
  published: 'Issue published on status page.',
  publishFailed: 'Failed to publish issue on status page.',
  publishExplanation: 'Publish to status page',
  publishedLink: 'Published on status page',
  publishedNote: 'published this issue to the status page',
  settingsSaved: 'Your changes have been saved',
} as const;
