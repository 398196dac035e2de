import type { ReactNode } from 'react';

/** One settings section: its heading and help on the left, its fields on the right (GitLab's layout). */
export function SettingsSection({
  id,
  title,
  help,
  children,
}: {
  id: string;
  title: string;
  help?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="settings-section" aria-labelledby={id}>
      <div className="settings-section-intro">
        <h2 id={id}>{title}</h2>
        {help ? <p className="muted">{help}</p> : null}
      </div>
      <div className="settings-section-body">{children}</div>
    </section>
  );
}
