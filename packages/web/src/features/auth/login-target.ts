/** After login go to the referer if present and not containing 'login', else to items. */
export function afterLoginPath(referer: string | null): string {
  if (referer && !referer.includes('login') && referer.startsWith('/') && !referer.startsWith('//'))
    return referer;
  return '/items';
}
