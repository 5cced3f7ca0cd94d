/**
 * The live stream (GET /api/live, Server-Sent Events): how many a caller may hold open, and the
 * last frame the server sends when it ends a stream because its credential lost the right to it.
 */
import { z } from 'zod';

/**
 * Open streams a caller may hold on one instance. The console opens one per tab, and a browser
 * holds at most six HTTP/1.1 connections per origin, so a session needs a handful; a user with a
 * few browsers or devices needs a few sessions' worth. An API key counts as a user.
 */
export const LIVE_STREAM_LIMITS = { perSession: 8, perUser: 32 } as const;

export const LIVE_MSG = {
  tooManyForSession: `Too many live streams for this session (at most ${LIVE_STREAM_LIMITS.perSession}): close one first`,
  tooManyForUser: `Too many live streams for this user (at most ${LIVE_STREAM_LIMITS.perUser}): close one first`,
} as const;

/** Event name of the frame that ends a revoked stream. */
export const LIVE_REVOKED_EVENT = 'revoked';

/**
 * Why a stream was ended: the status REST now answers the same credential — 401 (session or key
 * gone, expired or locked) or 404 (the site was deleted or is out of the caller's reach).
 */
export const LiveRevoked = z.object({
  status: z.union([z.literal(401), z.literal(404)]),
  message: z.string(),
});
export type LiveRevoked = z.infer<typeof LiveRevoked>;
