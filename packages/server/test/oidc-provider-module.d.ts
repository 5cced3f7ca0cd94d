/** The little of `oidc-provider` (no bundled types) that the SSO tests use. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface Account {
    accountId: string;
    claims(): Record<string, unknown>;
  }
  interface Configuration {
    clients: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    findAccount(ctx: unknown, sub: string): Account | Promise<Account>;
    pkce?: { required(): boolean };
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: { login: { accountId: string; amr?: string[] } },
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
