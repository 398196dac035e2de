import { describe, expect, it } from 'vitest';
import { runAsDatabaseClient } from './databaseClients.ts';
import { SessionLock } from './sessionLock.ts';
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

describe('SessionLock turns', () => {
  /** Queues `count` statements for one client; each records its name when it gets the session. */
  const queue = (lock: SessionLock, name: string, count: number, order: string[]) =>
    runAsDatabaseClient(() =>
      Array.from({ length: count }, (_, i) =>
        lock.run(async () => {
          order.push(`${name}${i + 1}`);
        }),
      ),
    );

  it('serves clients in turn, so a client with many statements queued delays another by one', async () => {
    const lock = new SessionLock();
    const order: string[] = [];
    const release = await lock.acquire();
    const batch = queue(lock, 'a', 4, order);
    const single = queue(lock, 'b', 1, order);
    release();
    await Promise.all([...batch, ...single]);
    expect(order).toEqual(['a1', 'b1', 'a2', 'a3', 'a4']);
  });

  it('keeps each client’s statements in the order they were sent', async () => {
    const lock = new SessionLock();
    const order: string[] = [];
    const release = await lock.acquire();
    const first = queue(lock, 'a', 2, order);
    const second = queue(lock, 'b', 2, order);
    const third = queue(lock, 'c', 2, order);
    release();
    await Promise.all([...first, ...second, ...third]);
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'c2']);
  });
});
