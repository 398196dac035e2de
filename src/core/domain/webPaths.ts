/** GitLab's web paths of an epic and an issue: no host (prefix the external URL for a `web_url`). */

export function epicWebPath(groupFullPath: string, iid: number): string {
  return `/groups/${groupFullPath}/-/epics/${iid}`;
}

export function issueWebPath(projectFullPath: string, iid: number): string {
  return `/${projectFullPath}/-/issues/${iid}`;
}
