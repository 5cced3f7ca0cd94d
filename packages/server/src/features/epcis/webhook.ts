/**
 * EPCIS for webhooks of format `epcis`: the events a committed tracking batch wrote, as the query
 * presents them (the same ObjectEvent, the same eventID), in EPCISDocuments. Events of workers at a
 * site that hides its workers are left out, as the query leaves them out.
 */
import type { EpcisDocument } from '@sightline/shared';
import type { Tx } from '../../db/client.js';
import { hidesWorkers } from '../sites/service.js';
import { epcisDocument, presentObjectEvent } from './presenter.js';
import * as repo from './repository.js';

/** Events in one delivery at most: a larger batch goes out as several documents, in event-time order. */
const EPCIS_WEBHOOK_EVENTS_MAX = 500;

/** The EPCISDocuments of these Sightline events (by id), oldest event first; none when none is left. */
export async function epcisDocumentsOf(tx: Tx, orgId: string, eventIds: number[]): Promise<EpcisDocument[]> {
  const ids = [...new Set(eventIds)];
  if (!ids.length) return [];
  const sites = await repo.sitesOf(tx, orgId, undefined);
  const rows = await repo.sightlineEventsById(tx, orgId, ids, {
    sites: sites.map((s) => s.id),
    hideWorkersAt: sites.filter(hidesWorkers).map((s) => s.id),
    perPage: ids.length,
    after: undefined,
  });
  const events = rows.map(presentObjectEvent);
  const documents: EpcisDocument[] = [];
  for (let i = 0; i < events.length; i += EPCIS_WEBHOOK_EVENTS_MAX)
    documents.push(epcisDocument(events.slice(i, i + EPCIS_WEBHOOK_EVENTS_MAX)));
  return documents;
}

/** The document 'Send test' sends a webhook of format `epcis`: one ObjectEvent of a sample tag. */
export function sampleEpcisDocument(now = new Date()): EpcisDocument {
  return epcisDocument([
    presentObjectEvent({
      id: 0,
      tag: '3074257BF7194E4000001A85',
      time: now,
      direction: 'IN',
      endpointId: null,
      endpointEpcisId: null,
      zoneId: null,
      zoneEpcisId: null,
      siteId: '000000000000000000000000',
      siteEpcisId: '',
      timezone: 'UTC',
    }),
  ]);
}
