/** The environments pages' own texts (GitLab's wording where it has one). */
export const ENVIRONMENT_TEXT = {
  environments: 'Environments',
  noun: 'environments',
  active: 'Active',
  stopped: 'Stopped',
  listLabel: 'Environments',
  listError: 'Something went wrong while fetching the environments.',
  emptyActiveTitle: 'Get started with environments',
  emptyActiveDescription:
    'Environments are places where code gets deployed, such as staging or production. They appear here once a CI system reports a deployment to them.',
  emptyStoppedTitle: "You don't have any stopped environments.",
  emptyStoppedDescription: 'Stopped environments are listed here, with their last deployment.',
  noDeployments: 'There are no deployments for this environment yet.',
  approvalPending: 'Deployment approval pending',
  tier: 'Tier',
  state: 'State',
  externalUrl: 'External URL',
  openLive: 'Open live environment',
  lastDeployment: 'Last deployment',
  deployment: 'Deployment',
  deployments: 'Deployments',
  deploymentsError: 'Something went wrong while fetching the deployments.',
  environmentError: 'Something went wrong while fetching the environment.',
  ref: 'Ref',
  commit: 'Commit',
  triggerer: 'Triggered by',
  created: 'Created',
  finished: 'Finished',
  mergeRequests: 'Merge requests',
  // Stopping:
  stop: 'Stop',
  stopEnvironment: 'Stop environment',
  stopConfirm: 'Are you sure you want to stop this environment?',
  stopFailed: 'Stopping the environment failed.',
  stopWaits: 'The environment stops when its stop job runs.',
  cancel: 'Cancel',
  // Approvals:
  approvals: 'Deployment approvals',
  approvalRules: 'Approval rules',
  approvalsGiven: 'Approvals',
  approve: 'Approve',
  reject: 'Reject',
  approved: 'approved',
  rejected: 'rejected',
  comment: 'Comment (optional)',
  commentPlaceholder: 'Add comment…',
  deployerMayOnlyReject: 'You triggered this deployment: you can reject it, but not approve it.',
  approvedToast: 'Deployment approved',
  rejectedToast: 'Deployment rejected',
} as const;

/** `Stopping production`: the stop dialog's title. */
export const stoppingTitle = (name: string): string => `Stopping ${name}`;
/** `Stop environment production`: the Stop button's accessible name. */
export const stopLabel = (name: string): string => `${ENVIRONMENT_TEXT.stopEnvironment} ${name}`;
/** `Deployment #12`. */
export const deploymentLabel = (iid: number): string => `${ENVIRONMENT_TEXT.deployment} #${iid}`;
