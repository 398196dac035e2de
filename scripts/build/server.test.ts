import { describe, expect, it } from 'vitest';
import { pointAtCopies } from './server.ts';

describe('pointAtCopies', () => {
  it('points a file read beside a module at its copy beside the bundle', () => {
    const source = "const SCHEMA = readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8');";
    const { contents, files } = pointAtCopies(source, '/repo/src/server/graphql/register.ts');
    expect(contents).toBe(
      "const SCHEMA = readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8');",
    );
    expect([...files]).toEqual([['schema.graphql', '/repo/src/server/graphql/schema.graphql']]);
  });

  it('flattens a file from another folder to its name', () => {
    const { contents, files } = pointAtCopies(
      'new URL("../data/rules.json", import.meta.url)',
      '/repo/src/server/http/a.ts',
    );
    expect(contents).toBe('new URL("./rules.json", import.meta.url)');
    expect(files.get('rules.json')).toBe('/repo/src/server/data/rules.json');
  });

  it('leaves other uses of import.meta.url alone', () => {
    const source =
      "const require = createRequire(import.meta.url);\nconst base = new URL('http://x.invalid');";
    const { contents, files } = pointAtCopies(source, '/repo/src/server/graphql/inputGuard.ts');
    expect(contents).toBe(source);
    expect(files.size).toBe(0);
  });
});
