import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escapeHtml.ts';

describe('escapeHtml', () => {
  it('escapes the five characters that end text or a quoted attribute, and nothing else', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a> é`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt; é',
    );
  });
});
