import { UserMessageInput, UserNotification } from '@sightline/shared';
import { callerOf } from '../../platform/access.js';
import type { App } from '../../platform/context.js';
import { sendUserMessage } from './service.js';

export function registerMessageRoutes(app: App) {
  const { db, live } = app.ctx;
  app.post(
    '/api/messages/user',
    { schema: { tags: ['messages'], body: UserMessageInput, response: { 200: UserNotification } } },
    (req) => sendUserMessage({ db, live }, callerOf(req), req.body),
  );
}
