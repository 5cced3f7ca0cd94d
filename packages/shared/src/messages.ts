/**
 * Every user-visible validation and error text, shared by server and web. The texts are fixed: the
 * console, clients and tests match them.
 */
export const MSG = {
  selectAtLeastOne: 'You must select at least one item',
  fillRequired: 'Please fill out all required fields',
  selectItem: 'Please select an item.',
  selectValue: 'Please select an value',
  requiredField: (field: string, tab: string) => `${field} in the ${tab} tab is a required field.`,
  customRule: (field: string, tab: string, message: string) => `${field} in the ${tab} tab: ${message}`,
  notAvailable: 'N/A',
  /** A text over its length limit (a field's "required" text must not answer it). */
  tooLong: (max: number) => `Too long: at most ${max} characters`,
  /** A list over its length limit. */
  tooMany: (max: number) => `Too many: at most ${max}`,

  loginRateLimited: 'Too many recent failed logins: wait a minute and try again',
  tooManyRequests: 'Too many requests: wait a minute and try again',
  loginLocked: 'Too many recent failed logins: use Forgot My Password to unlock your account',
  loginInvalid: 'Invalid username or password',
  invalidEmail: 'Not a valid email address',
  enterValidEmail: 'Please enter a valid email address',
  passwordsNotSame: 'Passwords are not the same',
  enterValidPassword: 'Please enter a valid password',
  passwordsMustMatch: 'Passwords must match',
  passwordTooWeak: 'Password too weak',
  passwordMustBeStronger: 'Password must be stronger.',
  resetTokenInvalid: 'Your password reset token is invalid, please contact support.',
  resetConfirm: 'If the email matches an active account, a password reset link has been emailed to it.',
  ssoError: 'SSO error',

  parentExists: 'Parent already exists',
  typeDelete: 'Enter "Delete" to delete images.',
  mapHeaders: 'Please map headers to asset fields.',
  selectZoneToImport: 'Please select a zone to import assets to.',
  selectZone: 'Please select a zone.',

  deleteConfirm: (name: string) =>
    `Are you sure you want to delete this ${name}? This action cannot be undone.`,
  deleteFailed: (data: string) => `Delete failed: ${data}`,
  saveFailed: (data: string) => `Save failed: ${data}`,
  failedToSave: (name: string, data: string) => `Failed to save ${name}: ${data}`,
  failedToLoad: (name: string, error: string) => `Failed to load ${name}: ${error}`,
  errorGettingItem: (data: string) => `Error getting item: ${data}`,
  saved: 'Saved',
  savedName: (name: string) => `Saved ${name}`,
  deletedName: (name: string) => `Deleted ${name}`,
  headerMappingSaved: 'Header mapping saved',
  createdCategory: (name: string) => `Created new category: ${name}`,
  uploadedCount: (n: number, total: number) => `${n} of ${total} items uploaded`,
  childUnlinked: 'Child Successfully Unlinked',
  parentUnlinked: 'Parent Successfully Unlinked',
  settingsSaveFailed: (data: string) => `Failed to save: ${data}`,
  resetRequestFailed: (data: string) => `Error: ${data}`,
  childAlreadyDisconnected: 'Child has already been disconnected',
  parentAlreadyDisconnected: 'Parent has already been disconnected',
  parentMissing: 'Parent does not exist (Something major has gone wrong)',
  parentGone: 'Parent no longer exists.',

  exceptionTime: (zone: string, n: number) => `was in ${zone} for longer than the allowed ${n} minute(s)`,
  exceptionShortage: (zone: string) => `Inventory shortage(s) in zone ${zone}`,
  exceptionOverage: (zone: string) => `Inventory overage(s) in zone ${zone}`,
  exceptionWrongZone: (expected: string, zone: string) =>
    `was expected in ${expected} but was seen in ${zone} instead`,
  exceptionThingMissing: (thing: string, n: number) => `${thing} has not been seen for ${n} hour(s)`,
  exceptionEndpointOffline: (endpoint: string, time: string) => `${endpoint} has been offline since ${time}`,
  exceptionAntennaDisconnected: (n: number, endpoint: string) =>
    `Antenna ${n} of ${endpoint} is disconnected`,
  qrEndpointHint: 'Scan this QR code in the mobile app to associate a handheld with this endpoint.',
  uploaderUnavailable: 'unavailable',
} as const;
