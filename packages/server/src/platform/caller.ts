import type { AccessRule } from '@sightline/shared';

/** Who is making a request: a signed-in user (cookie session) or an API key (Bearer token). */
export interface Caller {
  kind: 'user' | 'apiKey';
  id: string;
  orgId: string;
  name: string;
  username: string;
  roles: string[];
  /** Site ids or the all-sites marker '*'. */
  sites: string[];
  rules: AccessRule[];
  superAdmin: boolean;
  /** The session's token hash, for logout and revocation. */
  sessionHash?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
  interface FastifyContextConfig {
    /** Reachable without a session or API key. */
    public?: boolean;
  }
}
