import { describe, expect, it } from 'vitest';
import { SessionLock } from './serialisedPGlite.ts';
import { DatabaseBusyError } from './timeBudget.ts';

describe('SessionLock with a wait budget', () => {
  it('refuses a newcomer that would wait longer than the budget, and keeps the queue moving', async () => {
    const lock = new SessionLock(20);
    const release = await lock.acquire();
    const late = lock.acquire();
    await expect(late).rejects.toBeInstanceOf(DatabaseBusyError);
    const next = lock.acquire();
    release();
    const releaseNext = await next;
    releaseNext();
    // The session is free again: the refused waiter passed its turn on.
    (await lock.acquire())();
  });

  it('waits without bound when no budget is set', async () => {
    const lock = new SessionLock();
    const release = await lock.acquire();
    const waiting = lock.acquire();
    await new Promise((resolve) => setTimeout(resolve, 30));
    release();
    (await waiting)();
  });
});
