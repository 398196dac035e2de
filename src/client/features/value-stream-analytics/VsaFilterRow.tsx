/**
 * The page's filters: GitLab's filtered search bar with Milestone, Label, Author and Assignee (each
 * "is"), the projects, and the date range (From / To, both included). Every change is a new URL.
 */
import { useId, useState } from 'react';
import type { FilterTokenType } from '../../../core/domain/searchTokens.ts';
import { parseCalendarDate } from '../../../core/time/calendarDate.ts';
import { FilteredSearchBar } from '../../components/filtered-search/index.ts';
import { fetchGroupProjects } from '../../data/index.ts';
import { useDebouncedQuery } from '../../lib/index.ts';
import { ChecklistPopover } from './ChecklistPopover.tsx';
import { rangeProblem, tokensOf, type VsaQuery, withChange, withTokens } from './vsaQuery.ts';
import { VSA_TEXT } from './vsaTexts.ts';

/** GitLab's value stream analytics tokens, in its order. */
const TOKEN_TYPES: readonly FilterTokenType[] = ['milestone', 'label', 'author', 'assignee'];

export function VsaFilterRow({
  fullPath,
  groupId,
  currentUser,
  query,
  onChange,
}: {
  fullPath: string;
  groupId: string;
  currentUser: { readonly username: string; readonly name: string } | null;
  query: VsaQuery;
  onChange: (query: VsaQuery) => void;
}) {
  return (
    <div className="vsa-filters" data-testid="vsa-filters">
      <div className="vsa-filter-bar">
        <FilteredSearchBar
          fullPath={fullPath}
          groupId={groupId}
          currentUser={currentUser}
          epicsSupported={false}
          tokenTypes={TOKEN_TYPES}
          isOnly
          label={VSA_TEXT.filters}
          storage={null}
          value={tokensOf(query)}
          onSubmit={(filters) => onChange(withTokens(query, filters))}
        />
      </div>
      <div className="vsa-filter-controls">
        <ProjectSelect groupId={groupId} query={query} onChange={onChange} />
        <DateRangeFields query={query} onChange={onChange} />
      </div>
    </div>
  );
}

function ProjectSelect({
  groupId,
  query,
  onChange,
}: {
  groupId: string;
  query: VsaQuery;
  onChange: (query: VsaQuery) => void;
}) {
  const [search, setSearch] = useState('');
  // Names of the chosen projects, kept as they were chosen (the search may not list them again).
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const projects = useDebouncedQuery(JSON.stringify([groupId, search]), (signal) =>
    fetchGroupProjects(groupId, search, signal),
  );
  const selected = new Set(query.projectIds.map(String));
  const listed = (projects.value ?? []).map((project) => ({
    id: String(project.id),
    label: project.name,
    detail: project.namespaceFullPath,
  }));
  const chosenMissing = [...selected]
    .filter((id) => !listed.some((item) => item.id === id))
    .map((id) => ({ id, label: names.get(id) ?? `#${id}` }));
  const buttonText =
    selected.size === 0
      ? VSA_TEXT.allProjects
      : selected.size === 1
        ? (names.get([...selected][0]!) ??
          listed.find((item) => selected.has(item.id))?.label ??
          VSA_TEXT.projectsSelected(1))
        : VSA_TEXT.projectsSelected(selected.size);
  return (
    <ChecklistPopover
      buttonText={buttonText}
      label={VSA_TEXT.projects}
      searchLabel={VSA_TEXT.searchProjects}
      search={search}
      onSearch={setSearch}
      items={[...chosenMissing, ...listed]}
      selected={selected}
      loading={projects.loading}
      emptyText={VSA_TEXT.noProjects}
      testId="vsa-projects"
      onToggle={(id, checked) => {
        const label = listed.find((item) => item.id === id)?.label;
        if (label) setNames(new Map([...names, [id, label]]));
        const ids = checked
          ? [...query.projectIds, Number(id)]
          : query.projectIds.filter((projectId) => String(projectId) !== id);
        onChange(withChange(query, { projectIds: [...new Set(ids)] }));
      }}
      footer={
        selected.size > 0 ? (
          <button
            type="button"
            className="btn btn-tertiary vsa-popover-clear"
            onClick={() => onChange(withChange(query, { projectIds: [] }))}
          >
            {VSA_TEXT.clearProjects}
          </button>
        ) : null
      }
    />
  );
}

function DateRangeFields({ query, onChange }: { query: VsaQuery; onChange: (query: VsaQuery) => void }) {
  const ids = { from: useId(), to: useId(), problem: useId() };
  const problem = rangeProblem(query);
  const change = (field: 'createdAfter' | 'createdBefore', value: string) => {
    const date = parseCalendarDate(value);
    if (date) onChange(withChange(query, { [field]: date }));
  };
  return (
    <fieldset className="vsa-date-range" aria-describedby={problem ? ids.problem : undefined}>
      <legend className="sr-only">{VSA_TEXT.dateRange}</legend>
      <span className="vsa-date-field">
        <label htmlFor={ids.from}>{VSA_TEXT.from}</label>
        <input
          id={ids.from}
          type="date"
          className="input"
          value={query.createdAfter}
          max={query.createdBefore}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => change('createdAfter', event.target.value)}
          data-testid="vsa-created-after"
        />
      </span>
      <span className="vsa-date-field">
        <label htmlFor={ids.to}>{VSA_TEXT.to}</label>
        <input
          id={ids.to}
          type="date"
          className="input"
          value={query.createdBefore}
          min={query.createdAfter}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => change('createdBefore', event.target.value)}
          data-testid="vsa-created-before"
        />
      </span>
      {problem ? (
        <p
          id={ids.problem}
          className="form-error vsa-date-problem"
          role="alert"
          data-testid="vsa-range-problem"
        >
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
