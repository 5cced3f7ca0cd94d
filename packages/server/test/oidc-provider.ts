/// <reference path="./oidc-provider-module.d.ts" />
/**
 * A real OpenID provider (the `oidc-provider` package) on loopback for the SSO tests, with its
 * development login page (any login name; the account's email is that name). `signIn` drives
 * that page like a browser (cookies, login form, consent form) and returns where the provider
 * finally sends the browser back.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startProvider(opts: {
  redirectUris: string[];
  /** Path of the issuer (Entra's `/<tenant>/v2.0`); '' for Okta-like issuers. */
  issuerPath?: string;
  /** Accounts the provider knows: login name → email (default: the login name itself). */
  emailOf?: (login: string) => string | undefined;
  /** The authentication methods (`amr`) the ID token names for a login (default: none). */
  amrOf?: (login: string) => string[] | undefined;
  clientId?: string;
  clientSecret?: string;
}): Promise<TestProvider> {
  const prefix = opts.issuerPath ?? '';
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}${prefix}`;
  const clientId = opts.clientId ?? `sightline-${port}`;
  const clientSecret = opts.clientSecret ?? `secret-${port}-${Math.random().toString(36).slice(2)}`;
  const emailOf = opts.emailOf ?? ((login: string) => login);
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    // `amr` with the openid scope, so every ID token names the login's methods.
    claims: { openid: ['sub', 'amr'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => {
        const email = emailOf(sub);
        return email ? { sub, email, email_verified: true, name: sub } : { sub, name: sub };
      },
    }),
    pkce: { required: () => true },
  });
  // Quiet: the provider's warnings about development keys and interactions are expected here.
  provider.on('server_error', () => {});
  const callback = provider.callback();
  server.on('request', (req, res) => {
    const url = req.url ?? '/';
    if (prefix && !url.startsWith(prefix)) {
      res.statusCode = 404;
      res.end();
      return;
    }
    Object.assign(req, { originalUrl: url, url: url.slice(prefix.length) || '/' });
    // The login form (marked by `signIn`) is finished here, so the login can carry its `amr`.
    if (req.method === 'POST' && req.headers[LOGIN_FORM_HEADER]) {
      finishLogin(provider, req, res, opts.amrOf).catch((err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      });
      return;
    }
    callback(req, res);
  });
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const LOGIN_FORM_HEADER = 'x-test-login-form';

async function finishLogin(
  provider: Provider,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  amrOf: ((login: string) => string[] | undefined) | undefined,
) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const login = new URLSearchParams(Buffer.concat(chunks).toString()).get('login') ?? '';
  const amr = amrOf?.(login);
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: login, ...(amr ? { amr } : {}) } },
    { mergeWithLastSubmission: false },
  );
}

/** A tiny cookie jar: enough for the provider's interaction cookies. */
class Jar {
  private cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Follows the provider from `authorizationUrl` through its login and consent pages as `login`,
 * stopping at the first redirect that leaves the provider; returns that URL.
 */
export async function signIn(
  authorizationUrl: string,
  login: string,
  opts: { abort?: boolean } = {},
): Promise<URL> {
  const jar = new Jar();
  const origin = new URL(authorizationUrl).origin;
  let url = authorizationUrl;
  let form: Record<string, string> | undefined;
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(form?.prompt === 'login' ? { [LOGIN_FORM_HEADER]: '1' } : {}),
      },
      body: form ? new URLSearchParams(form) : undefined,
    });
    jar.take(res);
    form = undefined;
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== origin) return next;
      url = next.href;
      continue;
    }
    const html = await res.text();
    if (html.includes('name="prompt" value="login"') && opts.abort) url = `${url.replace(/\/$/, '')}/abort`;
    else if (html.includes('name="prompt" value="login"')) form = { prompt: 'login', login, password: 'any' };
    else if (html.includes('name="prompt" value="consent"')) form = { prompt: 'consent' };
    else throw new Error(`unexpected provider page (${res.status}): ${html.slice(0, 300)}`);
  }
  throw new Error('too many redirects at the provider');
}
