/**
 * The thing editor's values and the API body (the shared `Thing`: only its common fields are sent;
 * the tracking state is read-only).
 */
import type { Thing, ThingClass, ThingUpdateInput } from '@sightline/shared';

/** The form holds the whole record; only the common fields are ever sent. */
export type ThingForm = Thing;

export function newThing(cls: ThingClass, site: string): ThingForm {
  return {
    _id: '',
    name: '',
    description: '',
    serial: '',
    class: cls,
    tag1: '',
    tag2: '',
    tags: [],
    categories: [],
    labels: [],
    timeCreated: '',
    timeModified: '',
    parents: [],
    photo: [],
    site,
    zone: null,
    lastZoneTime: null,
    lastEvent: null,
    lastEndpointTime: null,
    endpoint: null,
    direction: null,
    locationTag: null,
    map: null,
    xycoordinates: null,
    alarmTamper: false,
    alarmTamperTag: null,
    alarmTamperTime: null,
    data: {},
  };
}

/**
 * The PUT/POST body of a thing. `links` carries the parents and photos to keep: the editor passes
 * the latest loaded record's, so a link made on the Parents/Children tab (saved at once) is never
 * undone by a later Save of the form.
 */
export function thingBody(
  v: Pick<
    Thing,
    'name' | 'description' | 'serial' | 'class' | 'tag1' | 'tag2' | 'tags' | 'categories' | 'labels' | 'site'
  >,
  links: Pick<Thing, 'parents' | 'photo'>,
): ThingUpdateInput & { site: string } {
  return {
    name: v.name.trim(),
    description: v.description ?? '',
    serial: (v.serial ?? '').trim(),
    class: v.class,
    tag1: (v.tag1 ?? '').trim(),
    tag2: (v.tag2 ?? '').trim(),
    tags: v.tags ?? [],
    categories: v.categories ?? [],
    labels: v.labels ?? [],
    parents: links.parents,
    photo: links.photo,
    site: v.site,
  };
}

/** A thing's parents with `id` added (once) or removed. */
export const withParent = (parents: readonly string[], id: string) =>
  parents.includes(id) ? [...parents] : [...parents, id];
export const withoutParent = (parents: readonly string[], id: string) => parents.filter((p) => p !== id);
