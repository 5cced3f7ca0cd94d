import { describe, expect, it } from 'vitest';
import { SSO_SETTINGS_DEFAULTS, SsoSettings } from './organizations.js';

describe('SSO_SETTINGS_DEFAULTS', () => {
  it('is the record of an organization without SSO: no provider, no second factor, no Super Admin SSO', () => {
    expect(SSO_SETTINGS_DEFAULTS).toEqual({
      oktaIssuer: '',
      oktaClientId: '',
      oktaClientSecret: '',
      entraTenant: '',
      requireTotp: false,
      allowSuperAdminSso: false,
    });
  });

  it('is valid input and cannot be changed in place', () => {
    expect(SsoSettings.parse(SSO_SETTINGS_DEFAULTS)).toEqual(SSO_SETTINGS_DEFAULTS);
    expect(Object.isFrozen(SSO_SETTINGS_DEFAULTS)).toBe(true);
  });
});
