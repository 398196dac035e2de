/**
 * GitLab's vulnerability management (Ultimate): the vulnerability report of a project or a group, a
 * vulnerability's page, and the Related vulnerabilities an issue page lists.
 */
export { RelatedVulnerabilities } from './RelatedVulnerabilities.tsx';
export { VulnerabilityPage, type VulnerabilityPageProps } from './VulnerabilityPage.tsx';
export { VulnerabilityReportPage, type VulnerabilityReportPageProps } from './VulnerabilityReportPage.tsx';
