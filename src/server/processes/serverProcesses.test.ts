import { describe, expect, it } from 'vitest';
import { readConfig } from '../config.ts';
import { processPlanFor } from './serverProcesses.ts';

const POSTGRES = { DATABASE_URL: 'postgres://127.0.0.1:5432/plantrack' };

describe('how many processes serve', () => {
  it('is one per core but one on PostgreSQL, up to eight, unless WEB_CONCURRENCY says', () => {
    expect(processPlanFor(readConfig(POSTGRES), 1)).toEqual({ count: 1 });
    expect(processPlanFor(readConfig(POSTGRES), 2)).toEqual({ count: 1 });
    expect(processPlanFor(readConfig(POSTGRES), 4)).toEqual({ count: 3 });
    expect(processPlanFor(readConfig(POSTGRES), 32)).toEqual({ count: 8 });
    expect(processPlanFor(readConfig({ ...POSTGRES, WEB_CONCURRENCY: '12' }), 2)).toEqual({ count: 12 });
    expect(processPlanFor(readConfig({ ...POSTGRES, WEB_CONCURRENCY: '1' }), 16)).toEqual({ count: 1 });
  });

  it('is one on PGlite and on a Geo secondary, saying so when more were asked for', () => {
    expect(processPlanFor(readConfig({}), 4)).toEqual({ count: 1 });
    expect(processPlanFor(readConfig({ WEB_CONCURRENCY: '4' }), 4)).toEqual({
      count: 1,
      note: 'WEB_CONCURRENCY=4 does not apply: PGlite serves from one process.',
    });
    const secondary = { ...POSTGRES, GEO_PRIMARY_URL: 'https://primary.example', WEB_CONCURRENCY: '3' };
    expect(processPlanFor(readConfig(secondary), 4)).toEqual({
      count: 1,
      note: 'WEB_CONCURRENCY=3 does not apply: a Geo secondary serves from one process.',
    });
  });

  it('refuses a WEB_CONCURRENCY that is not a whole number from 1 to 64', () => {
    for (const value of ['0', '65', '2.5', 'two', '-1']) {
      expect(() => readConfig({ WEB_CONCURRENCY: value })).toThrow(
        `WEB_CONCURRENCY must be a whole number from 1 to 64, got "${value}"`,
      );
    }
  });
});
