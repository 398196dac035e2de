import { describe, expect, it } from 'vitest';
import { renderMarkdown, renderTitleHtml } from './markdownRenderer.ts';
import { isAllowedImageUrl, isAllowedLinkUrl, urlScheme } from './safeUrls.ts';

describe('renderMarkdown', () => {
  it('renders GitLab-flavoured markdown with source positions on blocks', () => {
    const { html } = renderMarkdown('# Plan\n\nSome *text* and ~~old~~.\n\n> quoted');
    expect(html).toContain('<h1 data-sourcepos="1:1-1:6">Plan</h1>');
    expect(html).toContain('<p data-sourcepos="3:1-3:24">Some <em>text</em> and <s>old</s>.</p>');
    expect(html).toContain('<blockquote data-sourcepos="5:1-5:8">');
  });

  it('turns task list items into disabled checkboxes that carry their source line', () => {
    const { html, tasks, taskStatus } = renderMarkdown(
      'Steps:\n\n- [ ] one\n- [x] two\n- [X] three\n- plain',
    );
    expect(html).toContain('<ul class="contains-task-list" data-sourcepos="3:1-6:7">');
    expect(html).toContain(
      '<li class="task-list-item" data-sourcepos="3:1-3:9"><input type="checkbox" class="task-list-item-checkbox" disabled /> one</li>',
    );
    expect(html).toContain(
      '<li class="task-list-item" data-sourcepos="4:1-4:9"><input type="checkbox" class="task-list-item-checkbox" disabled checked /> two</li>',
    );
    expect(html).toContain('<li data-sourcepos="6:1-6:7">plain</li>');
    expect(tasks).toEqual({ completed: 2, total: 3 });
    expect(taskStatus).toBe('2 of 3 checklist items completed');
  });

  it('needs text after the checkbox marker, as GitLab does', () => {
    expect(renderMarkdown('- [ ]').tasks.total).toBe(0);
    expect(renderMarkdown('- [y] no').tasks.total).toBe(0);
  });

  it('counts nested and ordered task items', () => {
    const { tasks, html } = renderMarkdown('1. [x] a\n   - [ ] b\n2. [ ] c');
    expect(tasks).toEqual({ completed: 1, total: 3 });
    expect(html).toContain('<ol class="contains-task-list"');
  });

  it('has no task status for a blank description', () => {
    expect(renderMarkdown('').taskStatus).toBe('');
    expect(renderMarkdown('text').taskStatus).toBe('0 of 0 checklist items completed');
  });

  it('escapes raw HTML instead of rendering it', () => {
    const { html } = renderMarkdown('<b onclick="x()">bold</b>\n\n<div>block</div>');
    expect(html).toContain('&lt;b onclick="x()"&gt;bold&lt;/b&gt;');
    expect(html).toContain('&lt;div&gt;block&lt;/div&gt;');
    expect(html).not.toContain('<b');
  });

  it('links with rel noopener noreferrer nofollow, autolinks URLs, and refuses other schemes', () => {
    const { html } = renderMarkdown(
      '[a](https://a.example) <https://b.example> https://c.example [m](mailto:x@y.example) [r](/groups/acme) [j](javascript:alert(1))',
    );
    expect(html).toContain('<a href="https://a.example" rel="noopener noreferrer nofollow">a</a>');
    expect(html).toContain('<a href="https://b.example" rel="noopener noreferrer nofollow">');
    expect(html).toContain('<a href="https://c.example" rel="noopener noreferrer nofollow">');
    expect(html).toContain('<a href="mailto:x@y.example" rel="noopener noreferrer nofollow">m</a>');
    expect(html).toContain('<a href="/groups/acme" rel="noopener noreferrer nofollow">r</a>');
    expect(html).toContain('[j](javascript:alert(1))');
  });

  it('loads images over http(s) or relative paths only', () => {
    expect(renderMarkdown('![x](https://i.example/a.png)').html).toContain(
      '<img src="https://i.example/a.png" alt="x" loading="lazy" />',
    );
    expect(renderMarkdown('![x](/uploads/a.png)').html).toContain('src="/uploads/a.png"');
    expect(renderMarkdown('![x](mailto:a@b.example)').html).not.toContain('src=');
  });

  it('writes table alignment as align attributes, never style', () => {
    const { html } = renderMarkdown('| a | b |\n|:-:|--:|\n| 1 | 2 |');
    expect(html).toContain('<th align="center">a</th>');
    expect(html).toContain('<td align="right">2</td>');
    expect(html).not.toContain('style');
  });

  it('keeps a fence language as a class and escapes the code', () => {
    const { html } = renderMarkdown('```ts\nconst a = "<b>";\n```');
    expect(html).toContain('class="language-ts"');
    expect(html).toContain('const a = "&lt;b&gt;";');
  });
});

describe('renderTitleHtml', () => {
  it('renders inline markdown only', () => {
    expect(renderTitleHtml('Ship `v2` *now*')).toBe('Ship <code>v2</code> <em>now</em>');
    expect(renderTitleHtml('# Not a heading')).toBe('# Not a heading');
    expect(renderTitleHtml('- not a list')).toBe('- not a list');
  });

  it('escapes HTML and leaves images as text', () => {
    expect(renderTitleHtml('<b>x</b> & y')).toBe('&lt;b&gt;x&lt;/b&gt; &amp; y');
    expect(renderTitleHtml('![i](https://i.example/a.png)')).not.toContain('<img');
  });

  it('leaves epic and issue references as plain text', () => {
    expect(renderTitleHtml('Follow up &12 and group/project#3')).toBe(
      'Follow up &amp;12 and group/project#3',
    );
  });
});

describe('safe URLs', () => {
  it.each([
    ['https://a.example', true, true],
    ['http://a.example', true, true],
    ['mailto:a@b.example', true, false],
    ['/relative/path', true, true],
    ['relative', true, true],
    ['#anchor', true, true],
    ['//host.example/x', true, true],
    ['javascript:alert(1)', false, false],
    ['JaVaScRiPt:alert(1)', false, false],
    [' java\tscript:alert(1)', false, false],
    ['\u0001javascript:alert(1)', false, false],
    ['vbscript:x', false, false],
    ['data:text/html,x', false, false],
    ['data:image/png;base64,AAAA', false, false],
    ['file:///etc/passwd', false, false],
  ])('%j: link %s, image %s', (url, link, image) => {
    expect(isAllowedLinkUrl(url)).toBe(link);
    expect(isAllowedImageUrl(url)).toBe(image);
  });

  it('reads no scheme from a colon after a path segment', () => {
    expect(urlScheme('a/b:c')).toBeNull();
  });
});
