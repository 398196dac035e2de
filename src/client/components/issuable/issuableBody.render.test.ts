import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IssuableText, IssuableTextClient } from '../../data/index.ts';
import { IssuableBody, type IssuableBodyProps } from './IssuableBody.tsx';
import type { IssuablePolling } from './useIssuablePolling.ts';

const client = (issuableType: 'epic' | 'issue'): IssuableTextClient => ({
  issuableType,
  fetchRealtimeChanges: vi.fn(),
  save: vi.fn(),
  previewMarkdown: vi.fn(),
});

const TEXT: IssuableText = {
  titleHtml: 'Ship <code>v2</code>',
  titleText: 'Ship v2',
  descriptionHtml: '',
  descriptionText: '',
  taskStatus: '',
  lockVersion: 4,
  updatedAt: null,
  updatedByName: null,
  updatedByPath: null,
  issueType: null,
};

const polling = (text: IssuableText | null, failed = false): IssuablePolling => ({
  text,
  failed,
  accept: () => undefined,
  refresh: () => undefined,
});

function render(props: Partial<IssuableBodyProps> & Pick<IssuableBodyProps, 'client' | 'polling'>): string {
  return renderToStaticMarkup(
    createElement(IssuableBody, {
      canUpdate: false,
      badges: null,
      updatingTasks: false,
      onUpdatingTasks: () => undefined,
      ...props,
    }),
  );
}

// The editor keys its drafts by the page's location, read while rendering.
beforeEach(() => vi.stubGlobal('window', { location: { pathname: '/acme/web/-/issues/4', search: '' } }));
afterEach(() => vi.unstubAllGlobals());

describe('IssuableBody markup', () => {
  it('names the issuable it serves while loading and when the first load fails', () => {
    expect(render({ client: client('issue'), polling: polling(null) })).toContain(
      'Loading the issue&#x27;s description',
    );
    expect(render({ client: client('epic'), polling: polling(null) })).toContain(
      'Loading the epic&#x27;s description',
    );
    expect(render({ client: client('issue'), polling: polling(null, true) })).toContain(
      'Error updating issue',
    );
  });

  it('shows the server-rendered title, and the pencil only to people who may update', () => {
    const reader = render({ client: client('issue'), polling: polling(TEXT) });
    expect(reader).toContain('data-testid="issuable-title">Ship <code>v2</code></h1>');
    expect(reader).toContain('No description.');
    expect(reader).not.toContain('data-testid="issuable-edit"');
    const editor = render({ client: client('issue'), polling: polling(TEXT), canUpdate: true });
    expect(editor).toContain('aria-label="Edit title and description"');
  });
});
