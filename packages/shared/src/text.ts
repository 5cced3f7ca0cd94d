/**
 * Strings never carry NUL: PostgreSQL text cannot store it. One check covers every
 * string and object key of a parsed request (body, query, params) or reader message.
 */
export const NUL_MSG = 'Text must not contain the NUL character';

/** The path of the first string or key holding NUL, or undefined. Iterative: deep bodies cannot overflow the stack. */
export function findNul(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const next = stack.pop();
    if (!next) break;
    const [item, path] = next;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return path;
    } else if (item && typeof item === 'object' && !ArrayBuffer.isView(item)) {
      for (const [key, child] of Object.entries(item)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return path;
        stack.push([child, childPath]);
      }
    }
  }
  return undefined;
}
