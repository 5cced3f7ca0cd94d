/**
 * Webhook filter regexes are typed by users and run on every change a webhook sees, so they run in
 * RE2 (re2js, the same engine in the console and the server): it never backtracks, so matching
 * takes time linear in the value's length whatever the pattern. Backreferences and lookaround need
 * backtracking; RE2 has neither, and they are refused with a message of their own. The time per
 * character grows with the size of the compiled pattern, so that is capped too.
 */
import type { RE2JS } from 're2js';

/**
 * The engine (the `re2js` module) is handed in by whoever validates or matches: the server at
 * start, the console only in its webhook editor — so the engine's 150 kB stay out of every other
 * screen. Without it, `filterRegexProblem` accepts (the server, which always has it, decides) and
 * `compileFilterRegex` throws.
 */
export type FilterRegexEngine = typeof import('re2js');
let engine: FilterRegexEngine | undefined;

export function loadFilterRegexEngine(loaded: FilterRegexEngine): void {
  engine = loaded;
}

/**
 * Largest compiled pattern (RE2 instructions) accepted. 200 fits any EPC pattern (`[0-9A-F]{128}`
 * compiles to 130) and keeps the slowest accepted pattern under a few milliseconds on the longest
 * value a filter sees.
 */
export const FILTER_REGEX_MAX_PROGRAM = 200;

export const FILTER_REGEX_MSG = {
  invalid: 'Not a valid regular expression',
  unsupported:
    'Lookahead, lookbehind and backreferences are not supported (filters use RE2 syntax, which runs in linear time)',
  tooComplex: 'Regular expression is too complex: use fewer or smaller counted repeats like {n}',
} as const;

export class FilterRegexError extends Error {}

/** Whether JavaScript's own engine reads the pattern (compiled only, never run). */
function isJavaScriptRegex(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

/** Compiles a filter regex for linear-time matching; throws FilterRegexError with the reason. */
export function compileFilterRegex(source: string): RE2JS {
  if (!engine) throw new Error('the filter regex engine is not loaded (loadFilterRegexEngine)');
  let compiled: RE2JS;
  try {
    compiled = engine.RE2JS.compile(source);
  } catch (err) {
    if (err instanceof engine.RE2JSSyntaxException && err.error === 'invalid repeat count')
      throw new FilterRegexError(FILTER_REGEX_MSG.tooComplex);
    throw new FilterRegexError(
      isJavaScriptRegex(source) ? FILTER_REGEX_MSG.unsupported : FILTER_REGEX_MSG.invalid,
    );
  }
  if (compiled.programSize() > FILTER_REGEX_MAX_PROGRAM)
    throw new FilterRegexError(FILTER_REGEX_MSG.tooComplex);
  return compiled;
}

/** Why a filter regex is refused, or undefined when it is accepted. */
export function filterRegexProblem(source: string): string | undefined {
  if (!engine) return undefined;
  try {
    compileFilterRegex(source);
    return undefined;
  } catch (err) {
    return err instanceof FilterRegexError ? err.message : FILTER_REGEX_MSG.invalid;
  }
}
