/** The `site` query names the selected site when known, otherwise the first site is. */
export function selectSiteId(
  sites: readonly { _id: string }[],
  requested: string | null,
): string | undefined {
  if (requested && sites.some((s) => s._id === requested)) return requested;
  return sites[0]?._id;
}

/** The query after switching site: the new site, the list page back to the first one. */
export function withSite(search: URLSearchParams, siteId: string): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set('site', siteId);
  next.delete('page');
  return next;
}
