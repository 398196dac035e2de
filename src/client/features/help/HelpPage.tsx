import type { ReactNode } from 'react';
import { HELP_TOPICS, type HelpTopic, helpPath } from '../../../core/domain/webPaths.ts';
import { NotFoundContent } from '../../components/errors/index.ts';
import { PageHeader } from '../../components/navigation/index.ts';
import { usePageSettled } from '../../data/index.ts';
import { useDocumentTitle } from '../../ui/index.ts';

interface HelpContent {
  readonly title: string;
  readonly body: ReactNode;
}

/** What each help topic the app links to says: this app's behaviour, in GitLab's terms. */
const CONTENT: Readonly<Record<HelpTopic, HelpContent>> = {
  'user/group/epics/_index.md': {
    title: 'Epics',
    body: (
      <>
        <p>
          An epic groups issues, and other epics, that share a theme across the projects of a group and its
          subgroups. Open a group&rsquo;s <strong>Epics</strong> from its navigation to list them, or its{' '}
          <strong>Roadmap</strong> to see them on a timeline.
        </p>
        <h2>Child epics and issues</h2>
        <p>
          An epic&rsquo;s <strong>Child issues and epics</strong> card holds its tree: add existing items by
          reference or URL, create new ones in place, and drag rows (or press Space, then the arrow keys) to
          reorder them or move them into another epic. Epics nest up to seven levels.
        </p>
        <h2>Dates</h2>
        <p>
          An epic&rsquo;s start and due dates are either fixed, or inherited from the milestones of its issues
          and from its child epics: the earliest start and the latest due date among them.
        </p>
        <h2>Roadmap</h2>
        <p>
          The roadmap draws each epic from its start to its due date. Its settings choose the date range, the
          layout (quarters, months or weeks) and which epics show; the filters narrow them by author, label,
          milestone and more. Both live in the address, so a copied link shows the same view.
        </p>
      </>
    ),
  },
  'user/markdown': {
    title: 'Markdown',
    body: (
      <>
        <p>
          Descriptions are written in GitLab Flavored Markdown: <code>**bold**</code>, <code>_italic_</code>,{' '}
          <code>`code`</code>, <code>[links](https://example.com)</code>, headings with <code>#</code>, lists
          with <code>-</code> or <code>1.</code>, quotes with <code>&gt;</code> and tables.
        </p>
        <h2>Task lists</h2>
        <p>
          <code>- [ ] a task</code> and <code>- [x] a done task</code> draw checkboxes that can be ticked in
          place; the item counts its tasks done.
        </p>
        <h2>References</h2>
        <p>
          <code>#123</code> refers to an issue and <code>&amp;45</code> to an epic; prefix a path to refer to
          another project or group (<code>acme/handbook#12</code>).
        </p>
      </>
    ),
  },
};

/** A help topic the app links to (`/help/<topic>`, GitLab's documentation paths). */
export function HelpPage({ topic }: { topic: string }) {
  usePageSettled(true);
  const content = Object.hasOwn(CONTENT, topic) ? CONTENT[topic as HelpTopic] : null;
  useDocumentTitle(content ? `${content.title} · Help` : 'Help');
  if (!content) return <NotFoundContent />;
  return (
    <article className="help-page" data-testid="help-page">
      <PageHeader title={content.title} eyebrow={<span className="muted">Help</span>} />
      {content.body}
    </article>
  );
}

/** `/help`: every help topic, as GitLab's help page lists its documentation. */
export function HelpIndexPage() {
  usePageSettled(true);
  useDocumentTitle('Help');
  return (
    <article className="help-page" data-testid="help-page">
      <PageHeader title="Help" />
      <ul>
        {HELP_TOPICS.map((topic) => (
          <li key={topic}>
            <a href={helpPath(topic)}>{CONTENT[topic].title}</a>
          </li>
        ))}
      </ul>
    </article>
  );
}
