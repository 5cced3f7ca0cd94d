/**
 * The console's named routes as app paths (without the site query; build links with useSitePath),
 * for the routes other code links to. A feature declares its own routes in its index.ts; a path
 * joins this list when a second place needs it.
 */
export const paths = {
  login: 'login',
  passwordResetRequest: 'passwordreset/request',
  passwordResetConfirm: 'passwordreset/confirm',
  exceptionDetail: (id: string) => `exceptions/${id}`,
  mapView: (id: string) => `mapview/${id}`,
  reportEvents: 'reports/events',
  reportExceptions: 'reports/exceptions',
  reportZones: 'reports/zones',
  reportZoneDurations: 'reports/zonedurations',
  reportZoneCategories: 'reports/zonecategories',
  reportEdit: (id: string) => `reports/${id}`,
  userMe: 'userme',
} as const;
