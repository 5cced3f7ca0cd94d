/** The grid's order, remembered for the detail view's previous/next arrows. */
const KEY = 'sightline.images.order';

export function rememberOrder(ids: string[]) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(ids));
  } catch {
    // storage full or blocked: the arrows then have no neighbours
  }
}

export function neighbours(id: string): { previous?: string; next?: string } {
  try {
    const ids = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as string[];
    const i = ids.indexOf(id);
    if (i < 0) return {};
    return { previous: ids[i - 1], next: ids[i + 1] };
  } catch {
    return {};
  }
}

const LAST_META = 'sightline.images.lastMeta';

/** The categories and tags of the last saved image (restored on the image detail opened with ?fromUpload). */
export function rememberLastMeta(meta: { categories: string[]; tags: string[] }) {
  try {
    localStorage.setItem(LAST_META, JSON.stringify(meta));
  } catch {
    // not essential
  }
}

export function lastMeta(): { categories: string[]; tags: string[] } | undefined {
  try {
    const value = JSON.parse(localStorage.getItem(LAST_META) ?? 'null') as {
      categories?: unknown;
      tags?: unknown;
    } | null;
    if (!value || !Array.isArray(value.categories) || !Array.isArray(value.tags)) return undefined;
    return { categories: value.categories.map(String), tags: value.tags.map(String) };
  } catch {
    return undefined;
  }
}
