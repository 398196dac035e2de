/** Settings → Monitor's texts (GitLab's, where it has them). */
export const PROJECT_SETTINGS_TEXT = {
  settings: 'Settings',
  monitor: 'Monitor',
  title: 'Monitor settings',
  statusPage: 'Status page',
  statusPageHelp:
    'Configure file storage settings to link issues in this project to an external status page. Publish an issue there with the /publish quick action.',
  active: 'Active',
  activeHelp: 'Publish incidents marked with /publish to the bucket below, and keep them up to date.',
  statusPageUrl: 'Status page URL',
  statusPageUrlHelp: 'The address of your status page site: published incidents link there.',
  bucketName: 'S3 Bucket name',
  bucketNameHelp: 'The bucket your status page site reads its files from.',
  region: 'AWS region',
  regionHelp: 'The bucket’s region, for example us-west-2.',
  accessKeyId: 'AWS access key ID',
  secretAccessKey: 'AWS Secret access key',
  secretSavedHelp: 'A secret is saved. Leave this blank to keep it.',
  endpoint: 'S3 endpoint',
  endpointHelp: 'Leave blank for AWS S3. For an S3-compatible store (MinIO, Ceph, …), its address.',
  saveChanges: 'Save changes',
  lastPublished: (when: string) => `Last published ${when}.`,
  neverPublished: 'Nothing has been published yet.',
  lastFailed: 'The last publication failed',
  retries: 'It is tried again after the next change, or within a minute.',
  publishedCount: (count: number) =>
    count === 0 ? '' : count === 1 ? '1 incident is published.' : `${count} incidents are published.`,
} as const;
