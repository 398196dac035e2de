import type { ReactNode } from 'react';
import {
  SETTINGS_NAV,
  type SettingsSection as SettingsSectionKey,
} from '../../../core/domain/settingsPaths.ts';
import { useDocumentTitle } from '../../ui/index.ts';
import { SETTINGS_TEXT } from './settingsTexts.ts';

/**
 * GitLab's User settings frame: the settings navigation on the left (the current page marked for
 * assistive technology too), the page's title and description, then its sections.
 */
export function SettingsLayout({
  section,
  title,
  description,
  children,
}: {
  section: SettingsSectionKey;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title, SETTINGS_TEXT.userSettings);
  return (
    <div className="settings-layout" data-testid="settings-layout">
      <nav className="settings-nav" aria-label={SETTINGS_TEXT.settingsNav}>
        <p className="settings-nav-title">{SETTINGS_TEXT.userSettings}</p>
        <ul>
          {SETTINGS_NAV.map((item) => (
            <li key={item.key}>
              <a
                href={item.href}
                aria-current={item.key === section ? 'page' : undefined}
                data-testid={`settings-nav-${item.key}`}
              >
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="settings-content">
        <h1 className="page-title">{title}</h1>
        {description ? <p className="page-description">{description}</p> : null}
        {children}
      </div>
    </div>
  );
}
