import { describe, expect, it } from 'vitest';
import { cappedPerPage, INPUT_LIMITS, inputLimitViolation } from './inputLimits.ts';

const rest = { commaLists: true };
const graphql = { commaLists: false };

describe('inputLimitViolation', () => {
  it('accepts searches up to 255 characters and 64 terms', () => {
    expect(inputLimitViolation('search', 'x'.repeat(255), graphql)).toBeNull();
    expect(inputLimitViolation('searchTerm', Array(64).fill('a').join(' '), graphql)).toBeNull();
  });

  it('refuses longer searches and more terms, terms split by spaces or plus signs', () => {
    expect(inputLimitViolation('searchTitle', 'x'.repeat(256), graphql)).toBe(
      'searchTitle is too long (maximum is 255 characters)',
    );
    expect(inputLimitViolation('search_title', Array(65).fill('a').join('+'), rest)).toBe(
      'search_title has too many search terms (maximum is 64)',
    );
  });

  it('refuses lists of more than 100 items, also nested in filters and in REST brackets', () => {
    const list = Array.from({ length: 101 }, (_, i) => `l${i}`);
    expect(inputLimitViolation('labelName', list.slice(0, 100), graphql)).toBeNull();
    expect(inputLimitViolation('not', { labelName: list }, graphql)).toBe(
      'labelName has too many values (maximum is 100)',
    );
    expect(inputLimitViolation('', { 'not[labels]': list.join(',') }, rest)).toBe(
      'labels has too many values (maximum is 100)',
    );
    expect(inputLimitViolation('', { 'iids[]': list }, rest)).toBe(
      'iids has too many values (maximum is 100)',
    );
  });

  it('reads commas as list separators only in REST', () => {
    const text = Array(200).fill('a').join(',');
    expect(inputLimitViolation('labels', text, rest)).toMatch(/too many values/);
    expect(inputLimitViolation('labels', text, graphql)).toBeNull();
    expect(inputLimitViolation('description', text, rest)).toBeNull();
  });

  it('refuses a title in a list longer than any title can be', () => {
    expect(inputLimitViolation('labelName', ['x'.repeat(256)], graphql)).toBe(
      'labelName has a value that is too long (maximum is 255 characters)',
    );
  });

  it('leaves long text that is not searched alone', () => {
    expect(inputLimitViolation('description', 'x'.repeat(100_000), rest)).toBeNull();
  });
});

describe('cappedPerPage', () => {
  it('serves at most the maximum page, and the fallback when nothing is asked', () => {
    expect(cappedPerPage(1_000_000, 20)).toBe(INPUT_LIMITS.maxPerPage);
    expect(cappedPerPage(undefined, 20)).toBe(20);
    expect(cappedPerPage(7, 20)).toBe(7);
  });
});
