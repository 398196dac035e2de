import { useId, useState } from 'react';
import { useCreateIssueFromVulnerabilities, type VulnerabilityDetail } from '../../data/index.ts';
import { Alert, Badge, Button, Icon } from '../../ui/index.ts';
import { VULNERABILITY_TEXT as TEXT } from './vulnerabilityTexts.ts';

/**
 * A vulnerability's Related issues (GitLab's issue links): each issue with its state, and the one
 * made from the vulnerability marked so. Create issue (for those who may make one in the project)
 * makes an issue from it and opens the issue's page.
 */
export function RelatedIssues({
  vulnerability,
  projectId,
}: {
  vulnerability: VulnerabilityDetail;
  /** The project's number: where the issue is made. */
  projectId: string;
}) {
  const titleId = useId();
  const createIssue = useCreateIssueFromVulnerabilities();
  const [creating, setCreating] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const links = vulnerability.issueLinks;

  const create = async () => {
    setCreating(true);
    setFailure(null);
    const result = await createIssue(projectId, [vulnerability.id]);
    if (result.ok) {
      window.location.assign(result.value);
      return;
    }
    setCreating(false);
    setFailure(result.error ?? TEXT.createIssueFailed);
  };

  return (
    <section
      className="item-card vuln-related"
      aria-labelledby={titleId}
      data-testid="vulnerability-related-issues"
    >
      <header className="item-card-header">
        <h2 id={titleId} className="item-card-title">
          {TEXT.relatedIssues}
        </h2>
        <span className="item-card-count">
          <Icon name="issues" size={14} />
          <span aria-hidden="true">{links.length}</span>
          <span className="sr-only">{TEXT.relatedIssuesCount(links.length)}</span>
        </span>
        {vulnerability.canCreateIssue ? (
          <Button
            className="item-card-add"
            onClick={() => void create()}
            disabled={creating}
            aria-busy={creating}
            data-testid="vulnerability-create-issue"
          >
            {TEXT.createIssue}
          </Button>
        ) : null}
      </header>
      <div className="vuln-related-body">
        {failure ? <Alert variant="danger">{failure}</Alert> : null}
        {links.length === 0 ? (
          <p className="muted">{TEXT.noRelatedIssues}</p>
        ) : (
          <ul className="vuln-related-list">
            {links.map((link) => (
              <li key={link.id} className="vuln-related-item" data-testid="vulnerability-related-issue">
                <span className={`vuln-issue-state vuln-issue-${link.issue.state}`}>
                  <Icon name={link.issue.state === 'closed' ? 'stateClosed' : 'issues'} size={14} />
                  <span className="sr-only">
                    {link.issue.state === 'closed' ? TEXT.issueClosed : TEXT.issueOpen}
                  </span>
                </span>
                <a href={link.issue.webPath} className="vuln-related-title">
                  {link.issue.title}
                </a>
                <span className="muted vuln-related-reference">{link.issue.reference}</span>
                {link.linkType === 'created' ? (
                  <Badge variant="info" testId="vulnerability-issue-created">
                    {TEXT.createdFromVulnerability}
                  </Badge>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
