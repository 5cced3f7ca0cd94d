import type { FastifyRequest } from 'fastify';
import type { Caller } from '../../platform/caller.js';

/** A row's actor for a caller: a user or an API key, by id and name. */
export const actorOf = (caller: Caller) => ({
  type: caller.kind === 'apiKey' ? 'apikey' : 'user',
  id: caller.id,
  name: caller.name || caller.username,
});

export const clientOf = (req: FastifyRequest) => ({
  ip: req.ip ?? null,
  userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
});
