/**
 * What single sign-on hands the login page on its way back: a link waiting for the account's
 * password (`?link=okta&username=…`), or a second factor still to enter (in the URL fragment, which
 * no server sees: `#secondFactor=totp&pendingToken=…`).
 */
import { LoginSecondStep, SSO_MSG } from '@sightline/shared';

const PROVIDER_NAMES: Record<string, string> = { okta: 'Okta', entra: 'Entra' };

/** The message asking for the password that links the provider's account, if one is waiting. */
export function linkNotice(search: URLSearchParams): string | undefined {
  const name = PROVIDER_NAMES[search.get('link') ?? ''];
  return name ? SSO_MSG.linkPending(name) : undefined;
}

/** The second step a sign-in through the provider still needs, read from the URL fragment. */
export function secondStepFromHash(hash: string): LoginSecondStep | undefined {
  const parsed = LoginSecondStep.safeParse(Object.fromEntries(new URLSearchParams(hash.replace(/^#/, ''))));
  return parsed.success ? parsed.data : undefined;
}
