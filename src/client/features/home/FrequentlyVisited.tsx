import { useState } from 'react';
import { groupPath, projectPath } from '../../../core/domain/webPaths.ts';
import { browserStorage } from '../../lib/index.ts';
import { Avatar } from '../../ui/index.ts';
import {
  type FrequentItem,
  type FrequentKind,
  readFrequentItems,
  topFrequentItems,
} from './frequentItems.ts';
import { HOME_TEXTS } from './homeTexts.ts';

/** How many of each kind the home page shows (GitLab's desktop list). */
const FREQUENT_SHOWN = 5;

function FrequentList({ kind, items }: { kind: FrequentKind; items: readonly FrequentItem[] }) {
  const title = kind === 'groups' ? HOME_TEXTS.frequentGroups : HOME_TEXTS.frequentProjects;
  const pathOf = kind === 'groups' ? groupPath : projectPath;
  if (items.length === 0) return null;
  return (
    <div className="frequent-column">
      <h3 className="frequent-title">{title}</h3>
      <ul className="dashboard-list" aria-label={`${HOME_TEXTS.frequent} ${title.toLowerCase()}`}>
        {items.map((item) => (
          <li key={item.fullPath} className="frequent-item" data-testid={`frequent-${kind}`}>
            <Avatar name={item.name || item.fullPath} colorKey={item.fullPath} size={24} />
            <a href={pathOf(item.fullPath)}>
              <span className="frequent-name">{item.name || item.fullPath}</span>
              <span className="muted frequent-path">{item.fullPath}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** GitLab's 'Frequently visited' groups and projects of this browser's user. */
export function FrequentlyVisited({ username }: { username: string }) {
  const [lists] = useState(() => {
    const storage = browserStorage('Frequently visited items');
    return {
      groups: topFrequentItems(readFrequentItems(storage, username, 'groups'), FREQUENT_SHOWN),
      projects: topFrequentItems(readFrequentItems(storage, username, 'projects'), FREQUENT_SHOWN),
    };
  });
  const empty = lists.groups.length === 0 && lists.projects.length === 0;
  return (
    <section className="home-card home-card-wide" aria-labelledby="home-frequent" data-testid="home-frequent">
      <h2 id="home-frequent" className="home-card-title">
        {HOME_TEXTS.frequent}
      </h2>
      {empty ? (
        <p className="muted">{HOME_TEXTS.frequentNone}</p>
      ) : (
        <div className="frequent-columns">
          <FrequentList kind="groups" items={lists.groups} />
          <FrequentList kind="projects" items={lists.projects} />
        </div>
      )}
    </section>
  );
}
