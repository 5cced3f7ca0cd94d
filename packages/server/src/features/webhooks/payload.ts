/**
 * A change as a webhook sees it, and the JSON body a webhook's field mapping makes of it
 * (its `fields`). Pure: tested without a database.
 */
import {
  compileFilterRegex,
  type ExceptionChange,
  type ExceptionRecord,
  type Thing,
  type WebhookEvent,
  type WebhookField,
} from '@sightline/shared';
import './filter-engine.js';

/** The thing's fields a mapping may send. */
export type WebhookThing = Pick<Thing, '_id' | 'name' | 'serial' | 'class' | 'tags' | 'labels'> & {
  categoryNames: string[];
};

/** A presented thing's mapped fields: `tags` holds every tag (tag1, tag2, then the list) once. */
export function webhookThing(thing: Thing, categoryNames: string[]): WebhookThing {
  const tags = [thing.tag1, thing.tag2].filter((tag) => tag !== '').concat(thing.tags);
  return {
    _id: thing._id,
    name: thing.name,
    serial: thing.serial,
    class: thing.class,
    tags: [...new Set(tags)],
    categoryNames,
    labels: thing.labels,
  };
}

/** An exception as event `exception` sends it: what changed, and the exception as it now stands. */
type WebhookException = Pick<
  ExceptionRecord,
  | '_id'
  | 'type'
  | 'state'
  | 'time'
  | 'site'
  | 'thing'
  | 'thingName'
  | 'zone'
  | 'zoneName'
  | 'endpoint'
  | 'endpointName'
  | 'antenna'
  | 'message'
  | 'acknowledgedBy'
  | 'acknowledgedAt'
  | 'resolvedBy'
  | 'resolvedAt'
  | 'escalatedAt'
  | 'note'
> & { change: ExceptionChange };

/**
 * One change a webhook may be sent (`seen`, `zoneChange`, `created`/`updated`/`deleted`,
 * `exception`): a thing (when known), for tracking changes the event's fields, and for
 * `exception` the exception.
 */
export interface WebhookChange {
  /** The change's event; 'Send test' sends a sample as event `test`. */
  event: WebhookEvent | 'test';
  thing: WebhookThing | null;
  tag: string | null;
  time: string;
  zone: string | null;
  zoneName: string | null;
  endpoint: string | null;
  endpointName: string | null;
  direction: string | null;
  antenna: number | null;
  exception?: WebhookException;
}

type Value = string | number | string[] | null;

function localValue(change: WebhookChange, field: WebhookField): Value {
  switch (field.localField) {
    case 'customString':
      return field.stringValue;
    case 'name':
    case 'serial':
    case 'class':
    case '_id':
      return change.thing?.[field.localField] ?? null;
    case 'tags':
    case 'categoryNames':
    case 'labels':
      return change.thing?.[field.localField] ?? [];
    case 'change':
    case 'state':
    case 'message':
      return change.exception?.[field.localField] ?? null;
    case 'exceptionId':
      return change.exception?._id ?? null;
    case 'exceptionType':
      return change.exception?.type ?? null;
    default:
      return change[field.localField];
  }
}

/** Longest string a filter regex is run against (user regexes: keep the worst case small). */
const FILTER_INPUT_MAX = 1000;

/** A compiled filter: anything with RE2's linear-time `test`. */
interface Filter {
  test(value: string): boolean;
}

/** Compiled filters by source (null: refused, as a pattern stored under older rules may be). */
const compiled = new Map<string, Filter | null>();
const COMPILED_MAX = 500;

/** The filter regex compiled for linear-time matching, or null when it is not accepted. */
function filterRegex(source: string): Filter | null {
  const known = compiled.get(source);
  if (known !== undefined) return known;
  let regex: Filter | null;
  try {
    regex = compileFilterRegex(source);
  } catch {
    regex = null;
  }
  if (compiled.size >= COMPILED_MAX) compiled.clear();
  compiled.set(source, regex);
  return regex;
}

function passes(value: string, field: WebhookField, regex: Filter | undefined): boolean {
  const ok =
    (!field.filterPrefix || value.startsWith(field.filterPrefix)) &&
    (!field.filterSuffix || value.endsWith(field.filterSuffix)) &&
    (!regex || regex.test(value.slice(0, FILTER_INPUT_MAX))) &&
    (!field.filterValidValues.length || field.filterValidValues.includes(value));
  return field.invertFilters ? !ok : ok;
}

const hasFilters = (f: WebhookField) =>
  f.invertFilters ||
  !!f.filterPrefix ||
  !!f.filterSuffix ||
  !!f.filterRegex ||
  f.filterValidValues.length > 0;

/**
 * The body for one change, or null when the thing fails a filter (then nothing is sent). A
 * filtered list field keeps only its values that pass; none passing fails the thing. With no
 * mapping rows every local field is sent under its own name.
 */
export function mapChange(
  change: WebhookChange,
  fields: readonly WebhookField[],
): Record<string, unknown> | null {
  if (!fields.length) return defaultBody(change);
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    let value = localValue(change, field);
    if (Array.isArray(value) && hasFilters(field)) {
      const regex = field.filterRegex ? filterRegex(field.filterRegex) : undefined;
      if (regex === null) return null; // a pattern that cannot run in linear time passes nothing
      value = value.filter((v) => passes(v, field, regex));
      if (!value.length) return null;
    }
    Object.defineProperty(body, field.remoteFieldName, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return body;
}

function defaultBody(change: WebhookChange): Record<string, unknown> {
  const { thing, exception, ...rest } = change;
  // An exception's change and state lead its body; the other events' bodies are as they were.
  const about = exception ? { change: exception.change, state: exception.state } : {};
  return {
    ...about,
    _id: thing?._id ?? null,
    name: thing?.name ?? null,
    serial: thing?.serial ?? null,
    class: thing?.class ?? null,
    tags: thing?.tags ?? [],
    categoryNames: thing?.categoryNames ?? [],
    labels: thing?.labels ?? [],
    ...rest,
    ...(exception ? { exception } : {}),
  };
}
