import { describe, expect, it } from 'vitest';
import { type GfmReference, referenceKey } from '../../../core/domain/gfmReferences.ts';
import { sanitizeBlockHtml } from './htmlSanitizer.ts';
import { parseMarkdown, renderMarkdown } from './markdownRenderer.ts';
import type { ReferenceLink } from './referenceLinks.ts';

const ISSUE: ReferenceLink = {
  kind: 'issue',
  href: '/acme/web/-/issues/12',
  title: 'Fix <login>',
  closed: false,
};

function render(source: string, links: [GfmReference, ReferenceLink][]): string {
  return parseMarkdown(source).render(
    new Map(links.map(([reference, link]) => [referenceKey(reference), link])),
  ).html;
}

describe('reference links', () => {
  it('links a resolved issue with GitLab classes, its title, and the reference as written', () => {
    expect(render('See (#12).', [[{ kind: 'issue', path: null, iid: 12 }, ISSUE]])).toBe(
      '<p data-sourcepos="1:1-1:10">See (<a href="/acme/web/-/issues/12" class="gfm gfm-issue" title="Fix &lt;login&gt;" rel="noopener noreferrer nofollow">#12</a>).</p>\n',
    );
  });

  it('marks closed issues and epics as GitLab does', () => {
    const html = render('&5', [
      [
        { kind: 'epic', path: null, iid: 5 },
        { kind: 'epic', href: '/groups/acme/-/epics/5', title: 'Q3', closed: true },
      ],
    ]);
    expect(html).toContain(
      'class="gfm gfm-epic" title="Q3" rel="noopener noreferrer nofollow">&amp;5 (closed)</a>',
    );
  });

  it('links merge requests and marks merged and closed ones', () => {
    const link = (state: 'opened' | 'merged' | 'closed'): ReferenceLink => ({
      kind: 'merge_request',
      href: '/acme/web/-/merge_requests/3',
      title: 'Add login',
      state,
    });
    const reference: GfmReference = { kind: 'merge_request', path: null, iid: 3 };
    expect(render('!3', [[reference, link('opened')]])).toContain(
      'class="gfm gfm-merge_request" title="Add login"',
    );
    expect(render('!3', [[reference, link('opened')]])).toContain('>!3</a>');
    expect(render('!3', [[reference, link('merged')]])).toContain('>!3 (merged)</a>');
    expect(render('!3', [[reference, link('closed')]])).toContain('>!3 (closed)</a>');
  });

  it('leaves references in code, in links and unresolved ones as text', () => {
    const html = render('`#12` [see #12](https://x.example) #13\n\n```\n#12\n```', [
      [{ kind: 'issue', path: null, iid: 12 }, ISSUE],
    ]);
    expect(html).not.toContain('gfm-issue');
    expect(html).toContain('<code>#12</code>');
    expect(html).toContain('>see #12</a> #13</p>');
  });

  it('draws a label as the label pill, scoped labels in two parts', () => {
    const html = render('~"a::b"', [
      [
        { kind: 'label', title: 'a::b' },
        {
          kind: 'label',
          href: '/acme/web/-/issues?label_name%5B%5D=a%3A%3Ab',
          title: 'a::b',
          color: '#ff0000',
          textColor: '#ffffff',
          description: 'Scoped',
        },
      ],
    ]);
    expect(html).toContain(
      '<a href="/acme/web/-/issues?label_name%5B%5D=a%3A%3Ab" class="gfm gfm-label" title="Scoped" rel="noopener noreferrer nofollow"><span class="label-chip label-chip-scoped" style="--label-bg:#ff0000;--label-fg:#ffffff"><span class="label-chip-scope">a</span><span class="sr-only">::</span><span class="label-chip-value">b</span></span></a>',
    );
  });

  it('links mentions, and keeps rendering without a resolution as plain text', () => {
    const user: ReferenceLink = { kind: 'user', href: '/ada', title: 'Ada' };
    expect(render('hi @ada', [[{ kind: 'user', username: 'ada' }, user]])).toContain(
      '<a href="/ada" class="gfm gfm-project_member" title="Ada" rel="noopener noreferrer nofollow">@ada</a>',
    );
    expect(renderMarkdown('hi @ada #12 ~bug').html).toBe(
      '<p data-sourcepos="1:1-1:16">hi @ada #12 ~bug</p>\n',
    );
  });

  it('lists the references outside code and links, each once, in order', () => {
    expect(parseMarkdown('~bug #1 `#2` [#3](/x) ~bug @ada').references()).toEqual([
      { kind: 'label', title: 'bug' },
      { kind: 'issue', path: null, iid: 1 },
      { kind: 'user', username: 'ada' },
    ]);
  });

  it('keeps no style but a label pill colour pair', () => {
    const html = render('~x', [
      [
        { kind: 'label', title: 'x' },
        {
          kind: 'label',
          href: '/l',
          title: 'x',
          color: 'red;background:url(x)' as string,
          textColor: '#ffffff',
          description: '',
        },
      ],
    ]);
    expect(html).not.toContain('style');
  });

  it('lets through only the classes and style that reference links use', () => {
    expect(
      sanitizeBlockHtml(
        '<span class="evil label-chip" style="color:red">x</span><a class="gfm evil" href="/x" onclick="y()">z</a>',
      ),
    ).toBe(
      '<span class="label-chip">x</span><a href="/x" class="gfm" rel="noopener noreferrer nofollow">z</a>',
    );
  });
});
