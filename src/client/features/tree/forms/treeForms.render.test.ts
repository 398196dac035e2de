import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AddItemDropdown } from './AddItemDropdown.tsx';
import { TreeFormPanel, type TreeFormPanelProps } from './TreeFormPanel.tsx';

const parent = { numericalId: 12, fullPath: 'acme', groupId: 3, groupName: 'Acme', confidential: false };
const endpoints = {
  epicsEndpoint: '/groups/acme/-/epics/1/links',
  issuesEndpoint: '/groups/acme/-/epics/1/issues',
  autoCompleteEpics: '/groups/acme/-/autocomplete_sources/epics',
  autoCompleteIssues: '/groups/acme/-/autocomplete_sources/issues',
};

const panel = (props: Partial<TreeFormPanelProps>) =>
  renderToStaticMarkup(
    createElement(TreeFormPanel, {
      form: null,
      parent,
      endpoints,
      currentUsername: 'dana',
      onAdded: () => undefined,
      onCreated: () => undefined,
      onClose: () => undefined,
      ...props,
    }),
  );

describe('AddItemDropdown markup', () => {
  it('is a closed menu button for admins and nothing for others', () => {
    const html = renderToStaticMarkup(
      createElement(AddItemDropdown, { adminEpic: true, allowSubEpics: true, onChoose: () => undefined }),
    );
    expect(html).toContain('aria-haspopup="menu"');
    expect(html).toContain('aria-expanded="false"');
    expect(
      renderToStaticMarkup(
        createElement(AddItemDropdown, { adminEpic: false, allowSubEpics: true, onChoose: () => undefined }),
      ),
    ).toBe('');
  });
});

describe('TreeFormPanel markup', () => {
  it('renders no form until one is chosen', () => {
    expect(panel({})).toBe('');
  });

  it("shows the create-epic form with the parent's group chosen and 'Create epic' disabled", () => {
    const html = panel({ form: { kind: 'create-epic' } });
    expect(html).toContain('placeholder="New epic title"');
    expect(html).toContain('>Acme</span>');
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Create epic<\/button>/);
  });

  it('uses the confidential placeholder, trailing space included, and the hint under a confidential parent', () => {
    const html = panel({ form: { kind: 'create-epic' }, parent: { ...parent, confidential: true } });
    expect(html).toContain('placeholder="New confidential epic title "');
    expect(html).toContain(
      'The parent epic is confidential and can only contain confidential epics and issues',
    );
  });

  it("asks to 'Select a project' in the create-issue form", () => {
    const html = panel({ form: { kind: 'create-issue' } });
    expect(html).toContain('Select a project');
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Create issue<\/button>/);
  });

  it('shows the reference input of the kind chosen in the add-existing form', () => {
    expect(panel({ form: { kind: 'add-existing', itemType: 'epic' } })).toContain(
      'placeholder="Paste epic link"',
    );
    expect(panel({ form: { kind: 'add-existing', itemType: 'issue' } })).toContain(
      'placeholder="Paste issue link"',
    );
  });
});
