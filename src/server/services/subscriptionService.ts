import type { Executor } from '../db/executor.ts';
import { findSubscriptionChoice } from '../db/repositories/subscriptionRepository.ts';
import type { EpicRow } from '../db/schema.ts';
import type { Actor } from './actor.ts';

/** Subscribed by choice, or as the author unless they opted out (GitLab's participant rule). */
export async function isSubscribedToEpic(db: Executor, actor: Actor, epic: EpicRow): Promise<boolean> {
  if (!actor.user) return false;
  const choice = await findSubscriptionChoice(db, actor.user.id, 'Epic', epic.id);
  return choice ?? epic.author_id === actor.user.id;
}
