/**
 * Strings never carry NUL or a lone UTF-16 surrogate: PostgreSQL text cannot store NUL, and jsonb
 * refuses an unpaired surrogate (`\ud800`). One check covers every string and object key, and the
 * nesting depth, of a parsed request (body, query, params) or reader message.
 */
export const NUL_MSG = 'Text must not contain the NUL character';
export const LONE_SURROGATE_MSG =
  'Text must be valid Unicode: it holds half of a UTF-16 surrogate pair (\\ud800–\\udfff) without the other half';

/**
 * How deep arrays and objects may nest in a request: GS1's EPCIS documents nest about 14 levels,
 * and writing a far deeper value as jsonb overflows the stack (a 500).
 */
export const MAX_DEPTH = 64;
export const TOO_DEEP_MSG = `Arrays and objects must not nest deeper than ${MAX_DEPTH} levels`;

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function textFault(text: string): string | undefined {
  if (text.includes('\u0000')) return NUL_MSG;
  if (LONE_SURROGATE.test(text)) return LONE_SURROGATE_MSG;
  return undefined;
}

/**
 * The path of the first string or key holding NUL or a lone surrogate, or of the value nesting
 * deeper than MAX_DEPTH (the whole value's path: a deep path is not worth reading), and what is
 * wrong, or undefined. Iterative: deep bodies cannot overflow the stack.
 */
export function findRefusedText(value: unknown): { path: string; message: string } | undefined {
  const stack: [unknown, string, number][] = [[value, '', 0]];
  while (stack.length) {
    const next = stack.pop();
    if (!next) break;
    const [item, path, depth] = next;
    if (typeof item === 'string') {
      const message = textFault(item);
      if (message) return { path, message };
    } else if (item && typeof item === 'object' && !ArrayBuffer.isView(item)) {
      if (depth >= MAX_DEPTH) return { path: '', message: TOO_DEEP_MSG };
      for (const [key, child] of Object.entries(item)) {
        const message = textFault(key);
        if (message) return { path, message };
        stack.push([child, path ? `${path}.${key}` : key, depth + 1]);
      }
    }
  }
  return undefined;
}
