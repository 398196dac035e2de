import type { IssuableEditor } from '../../components/issuable/index.ts';
import { ISSUE_TEXT } from './issueTexts.ts';

/** The types the issue form offers; a task lives inside another issue and is not offered here. */
const TYPE_OPTIONS = [
  { value: 'issue', label: ISSUE_TEXT.typeIssue },
  { value: 'incident', label: ISSUE_TEXT.typeIncident },
] as const;

/**
 * GitLab's type selector in the issue's edit form (Issue / Incident). The page shows it to those who
 * may change the team's metadata (Reporters and up), who may create incidents too; a task's form
 * has none.
 */
export function IssueTypeField({ editor }: { editor: IssuableEditor }) {
  const type = editor.form.issueType;
  if (type !== 'issue' && type !== 'incident') return null;
  return (
    <>
      <label className="issuable-form-label" htmlFor="issuable-type-select">
        {ISSUE_TEXT.type}
      </label>
      <select
        id="issuable-type-select"
        className="input issuable-type-select"
        value={type}
        onChange={(event) => editor.change('issueType', event.target.value)}
        disabled={editor.saving}
        data-testid="issuable-type-select"
      >
        {TYPE_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}
