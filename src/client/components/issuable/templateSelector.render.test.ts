import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { IssueTemplates } from '../../data/index.ts';
import { TemplateSelector } from './TemplateSelector.tsx';

const templates = (state: Partial<IssueTemplates>): IssueTemplates => ({
  templates: [],
  loading: false,
  failed: false,
  reload: vi.fn(),
  fetchTemplate: vi.fn(),
  ...state,
});

const render = (state: Partial<IssueTemplates>) =>
  renderToStaticMarkup(
    createElement(TemplateSelector, { templates: templates(state), description: '', onApply: vi.fn() }),
  );

describe('TemplateSelector markup', () => {
  it('shows nothing while loading or when the project has no templates', () => {
    expect(render({ loading: true })).toBe('');
    expect(render({})).toBe('');
  });

  it("offers the project's templates under a labelled select, none chosen", () => {
    const html = render({
      templates: [
        { key: 'Bug', name: 'Bug' },
        { key: 'Feature proposal', name: 'Feature proposal' },
      ],
    });
    expect(html).toContain('Description template</label>');
    expect(html).toMatch(/<option value="" selected="">Choose a template<\/option>/);
    expect(html).toContain('<option value="Feature proposal">Feature proposal</option>');
  });

  it('says so when the list could not be read, and the form goes on without it', () => {
    expect(render({ failed: true })).toContain('The templates could not be loaded.');
  });
});
