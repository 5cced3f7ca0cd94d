/**
 * Messages to a user (`POST messages/user`): any signed-in user or API key of
 * the organization may send one to a user of the same organization; it is delivered on that
 * user's live stream (every site, every instance) as a `notification`, and is not stored.
 */
import type { UserMessageInput, UserNotification } from '@sightline/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { Caller } from '../../platform/caller.js';
import { notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { LiveBus, LivePublish } from '../../platform/live.js';

export async function sendUserMessage(
  deps: { db: Db; live: LiveBus },
  caller: Caller,
  input: UserMessageInput,
): Promise<UserNotification> {
  const [target] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.orgId, caller.orgId), eq(users.id, input.user)));
  if (!target) throw notFound('User');
  const notification: UserNotification = {
    id: newId(),
    from: { id: caller.id, name: caller.name },
    message: input.message,
    time: new Date().toISOString(),
  };
  await deps.live.publish([
    {
      type: 'notification',
      orgId: caller.orgId,
      userId: target.id,
      data: notification,
      at: Date.now(),
    } satisfies LivePublish,
  ]);
  return notification;
}
