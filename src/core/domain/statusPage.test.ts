import { describe, expect, it } from 'vitest';
import {
  incidentDetails,
  incidentList,
  MAX_RECENT_INCIDENTS,
  type PublishableIncident,
  parseStatusPageSettingsView,
  publishedIncidentUrl,
  type StatusPageSettingsInput,
  statusPageSettingsErrors,
} from './statusPage.ts';

const incident = (iid: number, createdAt: string): PublishableIncident => ({
  iid,
  state: 'opened',
  titleHtml: `Incident ${iid}`,
  descriptionHtml: '<p>Down</p>',
  createdAt: new Date(createdAt),
  updatedAt: new Date('2026-11-02T00:00:00Z'),
  comments: [{ noteHtml: '<p>Fixed</p>', createdAt: new Date('2026-11-03T00:00:00Z') }],
});

const complete: StatusPageSettingsInput = {
  enabled: true,
  statusPageUrl: 'https://status.example.com',
  bucketName: 'status-bucket',
  region: 'eu-west-1',
  accessKeyId: 'AKIA123',
  secretAccessKey: 'secret',
  endpoint: '',
};

describe('status page files', () => {
  it('links an incident to its details route on the status page site', () => {
    expect(publishedIncidentUrl('https://status.example.com/', 7)).toBe(
      'https://status.example.com/#/data/incident/7.json',
    );
    expect(publishedIncidentUrl(null, 7)).toBeNull();
  });

  it('writes details in GitLab’s shape, comments included', () => {
    expect(incidentDetails(incident(3, '2026-11-01T00:00:00Z'))).toEqual({
      id: 3,
      status: 'opened',
      title: 'Incident 3',
      description: '<p>Down</p>',
      created_at: '2026-11-01T00:00:00.000Z',
      updated_at: '2026-11-02T00:00:00.000Z',
      links: { details: 'data/incident/3.json' },
      comments: [{ note: '<p>Fixed</p>', created_at: '2026-11-03T00:00:00.000Z' }],
    });
  });

  it('lists the newest twenty, newest first, without comments', () => {
    const many = Array.from({ length: 25 }, (_, index) =>
      incident(index + 1, `2026-10-${String(index + 1).padStart(2, '0')}T00:00:00Z`),
    );
    const list = incidentList(many);
    expect(list).toHaveLength(MAX_RECENT_INCIDENTS);
    expect(list[0]?.id).toBe(25);
    expect(list.at(-1)?.id).toBe(6);
    expect(list[0]).not.toHaveProperty('comments');
  });
});

describe('status page settings rules', () => {
  it('accepts complete active settings', () => {
    expect(statusPageSettingsErrors(complete, false)).toEqual({});
  });

  it('needs the bucket, region and keys when active, in GitLab’s words', () => {
    const blank = { ...complete, bucketName: '', region: ' ', accessKeyId: '', secretAccessKey: '' };
    expect(statusPageSettingsErrors(blank, false)).toEqual({
      bucketName: "S3 Bucket name can't be blank",
      region: "AWS region can't be blank",
      accessKeyId: "AWS access key ID can't be blank",
      secretAccessKey: "AWS Secret access key can't be blank",
    });
  });

  it('keeps a saved secret when the field is left blank', () => {
    expect(statusPageSettingsErrors({ ...complete, secretAccessKey: '' }, true)).toEqual({});
  });

  it('lets inactive settings be saved incomplete but not malformed', () => {
    const inactive = { ...complete, enabled: false, region: '', accessKeyId: '', secretAccessKey: '' };
    expect(statusPageSettingsErrors(inactive, false)).toEqual({});
    expect(statusPageSettingsErrors({ ...inactive, bucketName: 'Bad_Bucket' }, false)).toEqual({
      bucketName: 'S3 Bucket name may hold only lowercase letters, digits, dots and hyphens',
    });
    expect(statusPageSettingsErrors({ ...inactive, bucketName: 'ab' }, false).bucketName).toBe(
      'S3 Bucket name is too short (minimum is 3 characters)',
    );
  });

  it('refuses addresses that are not http(s)', () => {
    const errors = statusPageSettingsErrors(
      { ...complete, statusPageUrl: 'javascript:alert(1)', endpoint: 'ftp://store' },
      false,
    );
    expect(errors).toEqual({
      statusPageUrl: 'Status page URL must be a valid URL',
      endpoint: 'S3 endpoint must be a valid URL',
    });
    expect(statusPageSettingsErrors({ ...complete, endpoint: 'http://127.0.0.1:9000' }, false)).toEqual({});
  });

  it('reads the page’s settings JSON, and a blank form from anything else', () => {
    expect(parseStatusPageSettingsView('{"enabled":true,"bucketName":"b","publishedCount":2}')).toMatchObject(
      {
        enabled: true,
        bucketName: 'b',
        hasSecret: false,
        publishedCount: 2,
      },
    );
    expect(parseStatusPageSettingsView('not json').enabled).toBe(false);
  });
});
