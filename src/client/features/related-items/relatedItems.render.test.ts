import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Icon } from '../../ui/Icon.tsx';
import { AddIssuableForm } from './AddIssuableForm.tsx';
import { LinkedItemsCard } from './LinkedItemsCard.tsx';

const noop = async () => null;

describe('AddIssuableForm markup', () => {
  it('offers the three link types with relates to chosen, and a disabled Add while nothing is entered', () => {
    const html = renderToStaticMarkup(
      createElement(AddIssuableForm, {
        issuableType: 'epic',
        showLinkTypes: true,
        sources: { epics: '/groups/acme/-/autocomplete_sources/epics' },
        onSubmit: noop,
        onCancel: () => undefined,
      }),
    );
    expect(html).toContain('placeholder="Paste epic link"');
    expect(html).toMatch(/checked="" value="relates_to"/);
    for (const label of ['relates to', 'blocks', 'is blocked by'])
      expect(html).toContain(`/>${label}</label>`);
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Add<\/button>/);
    expect(html).toContain('>Cancel</button>');
    expect(html).toContain('role="combobox"');
  });

  it('uses the confidential placeholder and shows the hint in confidential mode, without link types', () => {
    const html = renderToStaticMarkup(
      createElement(AddIssuableForm, {
        issuableType: 'issue',
        confidential: true,
        hint: 'The parent epic is confidential and can only contain confidential epics and issues',
        sources: { issues: '/i' },
        onSubmit: noop,
        onCancel: () => undefined,
      }),
    );
    expect(html).toContain('placeholder="Paste confidential issue link"');
    expect(html).toContain(
      'The parent epic is confidential and can only contain confidential epics and issues',
    );
    expect(html).not.toContain('type="radio"');
  });
});

describe('LinkedItemsCard markup', () => {
  it("shows 'Linked items' with an Add button only for users who can admin", () => {
    const props = { issuableType: 'epic' as const, endpoint: '/r', sources: { epics: '/a' } };
    const admin = renderToStaticMarkup(createElement(LinkedItemsCard, { ...props, canAdmin: true }));
    expect(admin).toContain('Linked items');
    expect(admin).toContain('data-testid="linked-items-add"');
    const reader = renderToStaticMarkup(createElement(LinkedItemsCard, { ...props, canAdmin: false }));
    expect(reader).not.toContain('data-testid="linked-items-add"');
  });

  it("counts an epic's links with the epic icon and an issue's with the issue icon", () => {
    const countIcon = (issuableType: 'epic' | 'issue') => {
      const html = renderToStaticMarkup(
        createElement(LinkedItemsCard, { issuableType, endpoint: '/r', sources: {}, canAdmin: false }),
      );
      const count = html.slice(html.indexOf('data-testid="linked-items-count"'));
      return count.slice(count.indexOf('<svg'), count.indexOf('</svg>') + '</svg>'.length);
    };
    expect(countIcon('epic')).toBe(renderToStaticMarkup(createElement(Icon, { name: 'epic', size: 14 })));
    expect(countIcon('issue')).toBe(renderToStaticMarkup(createElement(Icon, { name: 'issues', size: 14 })));
  });
});
