import { describe, expect, it } from 'vitest';
import { MSG } from './messages.js';

describe('fixed user-visible texts', () => {
  it.each([
    [MSG.requiredField('Name', 'Basic'), 'Name in the Basic tab is a required field.'],
    [MSG.customRule('Emails', 'Basic', 'bad'), 'Emails in the Basic tab: bad'],
    [MSG.deleteConfirm('user'), 'Are you sure you want to delete this user? This action cannot be undone.'],
    [MSG.saveFailed('boom'), 'Save failed: boom'],
    [MSG.deleteFailed('boom'), 'Delete failed: boom'],
    [MSG.failedToSave('Zone', 'x'), 'Failed to save Zone: x'],
    [MSG.failedToLoad('Zone', 'x'), 'Failed to load Zone: x'],
    [MSG.errorGettingItem('x'), 'Error getting item: x'],
    [MSG.savedName('Zone'), 'Saved Zone'],
    [MSG.uploadedCount(3, 10), '3 of 10 items uploaded'],
    [MSG.settingsSaveFailed('x'), 'Failed to save: x'],
    [MSG.resetRequestFailed('x'), 'Error: x'],
    [MSG.exceptionTime('Dock', 5), 'was in Dock for longer than the allowed 5 minute(s)'],
    [MSG.exceptionShortage('Dock'), 'Inventory shortage(s) in zone Dock'],
    [MSG.exceptionOverage('Dock'), 'Inventory overage(s) in zone Dock'],
    [MSG.exceptionWrongZone('Zone 2', 'Dock'), 'was expected in Zone 2 but was seen in Dock instead'],
    [MSG.typeDelete, 'Enter "Delete" to delete images.'],
    [MSG.selectAtLeastOne, 'You must select at least one item'],
    [MSG.fillRequired, 'Please fill out all required fields'],
    [MSG.selectItem, 'Please select an item.'],
    [MSG.selectValue, 'Please select an value'],
    [MSG.passwordsNotSame, 'Passwords are not the same'],
    [MSG.passwordsMustMatch, 'Passwords must match'],
    [MSG.passwordTooWeak, 'Password too weak'],
    [MSG.enterValidPassword, 'Please enter a valid password'],
    [MSG.passwordMustBeStronger, 'Password must be stronger.'],
    [MSG.resetTokenInvalid, 'Your password reset token is invalid, please contact support.'],
    [MSG.enterValidEmail, 'Please enter a valid email address'],
    [MSG.invalidEmail, 'Not a valid email address'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});
