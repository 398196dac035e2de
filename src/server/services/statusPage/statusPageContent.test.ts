import { describe, expect, it } from 'vitest';
import { absoluteLinks, anonymizeMentions } from './statusPageContent.ts';

describe('what the public sees of an incident', () => {
  it('names no one: linked mentions become Incident Responder', () => {
    const html =
      '<p>Paged <a href="/alice" class="gfm gfm-project_member" title="Alice">@alice</a> and @bob</p>';
    expect(anonymizeMentions(html)).toBe('<p>Paged Incident Responder and @bob</p>');
  });

  it('keeps issue references, with their links made absolute', () => {
    const html = '<p><a href="/acme/web/-/issues/3" class="gfm gfm-issue" title="Outage">#3</a></p>';
    expect(absoluteLinks(anonymizeMentions(html), 'https://plan.example.com')).toBe(
      '<p><a href="https://plan.example.com/acme/web/-/issues/3" class="gfm gfm-issue" title="Outage">#3</a></p>',
    );
  });

  it('leaves other sites’ links alone', () => {
    const html = '<a href="https://example.com/x">x</a><a href="//cdn.example.com/y">y</a>';
    expect(absoluteLinks(html, 'https://plan.example.com')).toBe(html);
  });
});
