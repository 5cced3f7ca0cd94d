/**
 * File downloads from the API (xlsx exports). Fetched rather than linked so a failure shows in
 * the error bar instead of saving an error page as the file; 401 still goes to login.
 */
import { type Query, request, toSearch } from '../../api/client';

/** The file name of a `content-disposition: attachment; filename="…"` header. */
export function attachmentName(header: string | null, fallback: string): string {
  const match = header?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

export async function downloadFile(path: string, query: Query, fallbackName: string): Promise<string> {
  const res = await fetch(`/api/${path}${toSearch(query)}`, { credentials: 'same-origin' });
  if (!res.ok) {
    // Let the one client turn the failure into its ApiError (and the 401 redirect).
    await request(`/api/${path}`, { query });
    throw new Error(res.statusText || `HTTP ${res.status}`);
  }
  const name = attachmentName(res.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the blob goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
