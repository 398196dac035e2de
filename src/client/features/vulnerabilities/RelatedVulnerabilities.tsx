import { useId } from 'react';
import { useRelatedVulnerabilities } from '../../data/index.ts';
import { SeverityLabel } from './SeverityIcon.tsx';
import { stateText } from './vulnerabilityFormat.ts';
import { VULNERABILITY_TEXT as TEXT } from './vulnerabilityTexts.ts';

/**
 * The issue page's Related vulnerabilities: the vulnerabilities linked to the issue that the viewer
 * may read, each by its severity and title. Read by its own small query; shows nothing when none.
 */
export function RelatedVulnerabilities({ fullPath, iid }: { fullPath: string; iid: string }) {
  const titleId = useId();
  const { data } = useRelatedVulnerabilities(fullPath, iid);
  if (!data || data.length === 0) return null;
  return (
    <section
      className="item-card vuln-related"
      aria-labelledby={titleId}
      data-testid="related-vulnerabilities"
    >
      <header className="item-card-header">
        <h2 id={titleId} className="item-card-title">
          {TEXT.relatedVulnerabilities}
        </h2>
        <span className="item-card-count">
          <span aria-hidden="true">{data.length}</span>
          <span className="sr-only">{TEXT.relatedVulnerabilitiesCount(data.length)}</span>
        </span>
      </header>
      <ul className="vuln-related-list vuln-related-body">
        {data.map((vulnerability) => (
          <li key={vulnerability.id} className="vuln-related-item" data-testid="related-vulnerability">
            <SeverityLabel severity={vulnerability.severity} />
            <a href={vulnerability.webPath} className="vuln-related-title">
              {vulnerability.title}
            </a>
            <span className="muted vuln-related-reference">{stateText(vulnerability.state, null)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
