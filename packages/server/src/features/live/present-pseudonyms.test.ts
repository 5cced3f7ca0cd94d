/**
 * The live step and the pseudonymous mode (features/live/present.ts): on a site whose workers are
 * pseudonymous, a subscriber without `identify` on `workers` gets the worker's zone change and
 * exception with the pseudonym the REST presenters give it; one with `identify` gets the name; an
 * item's message passes as it is; a site that hides its workers still sends nothing of them.
 */
import { BUILT_IN_ROLES, ROLE_IDS } from '@sightline/shared';
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../platform/caller.js';
import type { LiveMessage } from '../../platform/live.js';
import { workerPseudonym } from '../privacy/pseudonyms.js';
import { presentLive, subscriberOf } from './present.js';

const site = 's00000000000000000000001';
const caller = (role: string) =>
  ({
    id: 'u1',
    orgId: 'o1',
    rules: BUILT_IN_ROLES.find((r) => r.id === role)?.rules ?? [],
  }) as unknown as Caller;
const settings = (s: Record<string, unknown>) => ({ id: site, settings: s });

const zoneChange = (thing: string, thingName: string, workers?: string[]): LiveMessage =>
  ({
    type: 'zoneChange',
    orgId: 'o1',
    siteId: site,
    at: 0,
    workers,
    data: { thing, thingName, from: null, to: 'z1' },
  }) as unknown as LiveMessage;

const nameIn = (m: LiveMessage | undefined) => (m?.data as { thingName?: string } | undefined)?.thingName;

describe('live messages of pseudonymous workers', () => {
  it('name a worker by its pseudonym to who may not identify it, by its name to who may', () => {
    const on = settings({ pseudonymizeWorkers: true });
    const viewer = subscriberOf(caller(ROLE_IDS.viewer), on);
    const admin = subscriberOf(caller(ROLE_IDS.admin), on);
    const ann = zoneChange('t-ann', 'Ann', ['t-ann']);
    expect(nameIn(presentLive(viewer, ann))).toBe(workerPseudonym('t-ann'));
    expect(nameIn(presentLive(admin, ann))).toBe('Ann');
    const drill = zoneChange('t-drill', 'Drill');
    expect(presentLive(viewer, drill)).toBe(drill);
  });

  it('leave names as they are when the site is not pseudonymous, and send nothing where workers are hidden', () => {
    const viewer = subscriberOf(caller(ROLE_IDS.viewer), settings({}));
    const ann = zoneChange('t-ann', 'Ann', ['t-ann']);
    expect(presentLive(viewer, ann)).toBe(ann);
    const hidden = subscriberOf(
      caller(ROLE_IDS.viewer),
      settings({ hideWorkers: true, pseudonymizeWorkers: true }),
    );
    expect(presentLive(hidden, ann)).toBeUndefined();
  });
});
