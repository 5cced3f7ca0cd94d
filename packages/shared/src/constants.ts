/**
 * Business constants (page sizes, polling intervals, fetch limits, QR sizes, option lists) and the
 * reserved values: `NO_THING_ID` marks an event whose tag matched no thing, `ALL_SITES` grants
 * every site. The values are fixed: the console, clients and tests rely on them.
 */
export const APP_VERSION = '1.31.2';

export const NO_THING_ID = '787878787878787878787878';
export const ALL_SITES = '*';

export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_OPTIONS = [10, 25, 100] as const;
export const LIST_LIMIT_MAX = 1000;
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_MIN_LENGTH = 3;

export const EVENTS_POLL_MS = 5000;
export const ERROR_BAR_MS = 6000;
export const MAP_REFRESH_MS = 10_000;
export const ZONE_OCCUPANCY_POLL_MS = 5000;
export const CLOCK_TICK_MS = 1000;
export const INFINITE_SCROLL_THRESHOLD_PX = 400;

export const STALE_HEARTBEAT_MINUTES = 60;
export const LOCATION_TAG_FETCH_LIMIT = 3000;
export const ZONE_FETCH_LIMIT = 3000;
export const PICKER_FETCH_LIMIT = 1000;
export const EVENTS_QUERY_LIMIT = 10_000;

export const QR_SIZES = [
  { label: 'Small', value: 100 },
  { label: 'Medium', value: 300 },
  { label: 'Large', value: 500 },
  { label: 'X-Large', value: 700 },
] as const;
export const QR_SIZE_DEFAULT = 300;
export const QR_ERROR_LEVEL = 'H';
export const MAP_ZOOM_MIN = -2;
export const MAP_ZOOM_MAX = 4;

export const GATE_DIRECTIONS = ['NEAR', 'GONE', 'IN', 'OUT'] as const;
export type Direction = (typeof GATE_DIRECTIONS)[number];
export const GATE_ANTENNAS = [-1, 0, 1, 2, 3, 4, 5, 6, 7, 8] as const;

/** `exception`: an exception raised, acknowledged, resolved or escalated (EXCEPTION_CHANGES). */
export const WEBHOOK_EVENTS = ['seen', 'zoneChange', 'created', 'updated', 'deleted', 'exception'] as const;
export const EXCEPTION_TYPES = [
  'zoneTimeException',
  'inventoryThingsMissing',
  'inventoryThingsUnexpected',
  'thingMissing',
  'endpointOffline',
  'antennaDisconnected',
] as const;
export type ExceptionType = (typeof EXCEPTION_TYPES)[number];
/** An exception's lifecycle: raised open, acknowledged by someone, resolved by someone or the system. */
export const EXCEPTION_STATES = ['open', 'acknowledged', 'resolved'] as const;
export type ExceptionState = (typeof EXCEPTION_STATES)[number];
export const THING_CLASSES = ['item', 'worker'] as const;
export type ThingClass = (typeof THING_CLASSES)[number];
export const KILL_MODES = ['clearZone', 'deleteThing'] as const;

/**
 * Security bars: password strength, login rate limit and lockout, token and session lifetimes, the
 * CSRF header.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MIN_SCORE = 3;
export const LOGIN_RATE_LIMIT = 5;
export const LOGIN_RATE_WINDOW_MS = 60_000;
export const LOGIN_LOCK_AFTER = 10;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_VALUE = 'XMLHttpRequest';
