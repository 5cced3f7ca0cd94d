import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import { PASSWORD_MIN_LENGTH, PASSWORD_MIN_SCORE } from './constants.js';

/**
 * The password rule (at least 10 characters and a zxcvbn score of at least 3), used by the server
 * and by the web's forms alike.
 */
let factory: ZxcvbnFactory | undefined;
function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
  return factory;
}

/** The user's own words (an email, its local part and the pieces of it) count against a password. */
function expandInputs(inputs: string[]): string[] {
  return inputs.flatMap((input) => {
    const local = input.split('@')[0] ?? '';
    return [input, local, ...local.split(/[^A-Za-z0-9]+/)].filter((w) => w.length >= 3);
  });
}

export function passwordScore(password: string, userInputs: string[] = []): number {
  return zxcvbn().check(password.slice(0, 200), expandInputs(userInputs)).score;
}

export function isStrongPassword(password: string, userInputs: string[] = []): boolean {
  if (password.length < PASSWORD_MIN_LENGTH) return false;
  return passwordScore(password, userInputs) >= PASSWORD_MIN_SCORE;
}
