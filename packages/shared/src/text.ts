/**
 * Strings never carry NUL or a lone UTF-16 surrogate: PostgreSQL text cannot store NUL, and jsonb
 * refuses an unpaired surrogate (`\ud800`). One check covers every string and object key of a
 * parsed request (body, query, params) or reader message.
 */
export const NUL_MSG = 'Text must not contain the NUL character';
export const LONE_SURROGATE_MSG =
  'Text must be valid Unicode: it holds half of a UTF-16 surrogate pair (\\ud800–\\udfff) without the other half';

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function textFault(text: string): string | undefined {
  if (text.includes('\u0000')) return NUL_MSG;
  if (LONE_SURROGATE.test(text)) return LONE_SURROGATE_MSG;
  return undefined;
}

/**
 * The path of the first string or key holding NUL or a lone surrogate, and what is wrong, or
 * undefined. Iterative: deep bodies cannot overflow the stack.
 */
export function findRefusedText(value: unknown): { path: string; message: string } | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const next = stack.pop();
    if (!next) break;
    const [item, path] = next;
    if (typeof item === 'string') {
      const message = textFault(item);
      if (message) return { path, message };
    } else if (item && typeof item === 'object' && !ArrayBuffer.isView(item)) {
      for (const [key, child] of Object.entries(item)) {
        const message = textFault(key);
        if (message) return { path, message };
        stack.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return undefined;
}
