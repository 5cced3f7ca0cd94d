/**
 * Asset import (docs/decisions/0039-asset-import.md): preview (nothing written) and batches (one
 * transaction each) share one plan; duplicates of an existing item's tag update that item.
 */
import {
  can,
  IMPORT_MSG,
  type ImportMappingInput,
  type ImportPreview,
  type ImportPreviewRequest,
  type ImportResult,
  type ImportResultRow,
  type ImportRowsRequest,
  mapRow,
  type SiteSettings,
  splitList,
  thingResource,
} from '@sightline/shared';
import type { Db, Tx } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { NewThingRow, ThingRow } from '../../db/rows.js';
import { authorize, hasSite } from '../../platform/access.js';
import type { Caller } from '../../platform/caller.js';
import type { AppContext } from '../../platform/context.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { LivePublish } from '../../platform/live.js';
import { ensureCategory } from '../categories/repository.js';
import { readSiteSettings, writeSiteSettings } from '../sites/repository.js';
import { requireSite } from '../sites/service.js';
import {
  allTags,
  type PlanContext,
  type PlannedRow,
  planRows,
  type RowValues,
  rowValues,
  validPrefix,
} from './plan.js';
import * as repo from './repository.js';

type Deps = Pick<AppContext, 'db' | 'live'>;
type MappedRow = { line: number; values: ReturnType<typeof mapRow> };

async function siteSettingsFor(db: Db, caller: Caller, siteId: string): Promise<SiteSettings> {
  await requireSite(db, caller, siteId);
  const settings = await readSiteSettings(db, caller.orgId, siteId);
  if (!settings) throw notFound('Site');
  return settings;
}

/**
 * Site access (404), import permission (403), then the zone: a zone given must be of the site, and
 * none given is an error when the site's import settings require one.
 */
async function startImport(db: Db, caller: Caller, siteId: string, zone: string | null | undefined) {
  const settings = await siteSettingsFor(db, caller, siteId);
  authorize(caller, 'things', 'create', siteId);
  authorize(caller, 'things', 'modify', siteId);
  if (zone) {
    if (!(await repo.zoneOfSite(db, caller.orgId, siteId, zone))) throw badRequest(IMPORT_MSG.zoneNotOfSite);
  } else if (settings.importSettings.requireZone) {
    throw badRequest(IMPORT_MSG.zoneRequired, [{ path: 'zone', message: IMPORT_MSG.zoneRequired }]);
  }
  return settings;
}

const mapRows = (req: ImportPreviewRequest): MappedRow[] =>
  req.rows.map((r) => ({ line: r.line, values: mapRow(req.headers, req.mapping, r.cells) }));

/** What the database holds about the rows' tags and categories, as the plan needs it. */
async function planContext(
  tx: Tx,
  caller: Caller,
  siteId: string,
  settings: SiteSettings,
  rows: MappedRow[],
  lock: boolean,
): Promise<PlanContext> {
  const { importSettings } = settings;
  const prefix = settings.orgTagPrefix.toUpperCase();
  const options = { prefix, prefixedTagDupCheck: importSettings.prefixedTagDupCheck };
  const tags = rows.flatMap((r) => allTags(rowValues(r.values, options)));
  if (lock) await repo.lockTagsAtOnce(tx, caller.orgId, tags);
  const generate = importSettings.generatePrefixTag && validPrefix(prefix);
  if (lock && generate) await repo.lockTagGeneration(tx, caller.orgId);
  const holders = new Map<string, PlanContext['holders'] extends ReadonlyMap<string, infer H> ? H : never>();
  for (const h of await repo.tagHolders(tx, caller.orgId, tags)) {
    const visible = hasSite(caller, h.siteId) || (!!h.zoneSiteId && hasSite(caller, h.zoneSiteId));
    const cls = h.class === 'worker' ? 'worker' : 'item';
    const access = !visible
      ? 'hidden'
      : can(caller.rules, thingResource(cls), 'modify', h.siteId)
        ? 'modify'
        : 'forbidden';
    holders.set(h.tag, { thingId: h.thingId, access });
  }
  return {
    site: siteId,
    prefix,
    generatePrefixTag: importSettings.generatePrefixTag,
    prefixedTagDupCheck: importSettings.prefixedTagDupCheck,
    holders,
    locationTagTags: await repo.locationTagsAmong(tx, caller.orgId, tags),
    categoryIds: await repo.categoryIdsByName(
      tx,
      caller.orgId,
      rows.flatMap((r) => splitList(r.values.categories)),
    ),
    canCreateCategories: can(caller.rules, 'image-categories', 'create'),
    lastGeneratedTag: generate ? await repo.lastTagWithPrefix(tx, caller.orgId, prefix, 24) : undefined,
  };
}

export async function previewImport(db: Db, caller: Caller, siteId: string, req: ImportPreviewRequest) {
  const settings = await startImport(db, caller, siteId, req.zone);
  const mapped = mapRows(req);
  const planned = planRows(mapped, await planContext(db, caller, siteId, settings, mapped, false));
  const counts = { new: 0, update: 0, duplicate: 0, error: 0 };
  const newCategories = new Map<string, string>();
  for (const { plan } of planned) {
    counts[plan.action] += 1;
    for (const name of plan.newCategories)
      if (!newCategories.has(name.toLowerCase())) newCategories.set(name.toLowerCase(), name);
  }
  const preview: ImportPreview = {
    rows: planned.map((p) => p.plan),
    counts,
    newCategories: [...newCategories.values()],
  };
  return preview;
}

interface Applied {
  rows: ImportResultRow[];
  created: NewThingRow[];
  updated: Map<string, ThingRow>;
  createdCategories: string[];
}

/** Writes one row's values onto an item: given fields replace, tags are added (an import never drops a tag). */
function merge(thing: NewThingRow, v: RowValues, categoryIds: Map<string, string>, zone: string | undefined) {
  if (v.given.has('name')) thing.name = v.name;
  if (v.given.has('description')) thing.description = v.description;
  if (v.given.has('serial')) thing.serial = v.serial;
  if (v.tag1) thing.tag1 = v.tag1;
  if (v.tag2) thing.tag2 = v.tag2;
  const first = new Set([thing.tag1, thing.tag2].filter(Boolean));
  thing.tags = [...new Set([...(thing.tags ?? []), ...v.tags])].filter((t) => !first.has(t));
  if (v.categoryNames) {
    const ids = v.categoryNames
      .map((n) => categoryIds.get(n.toLowerCase()))
      .filter((id): id is string => !!id);
    thing.categories = [...new Set(ids)];
  }
  if (v.labels) thing.labels = v.labels;
  if (zone) {
    thing.zoneId = zone;
    thing.lastZoneTime = new Date();
  }
}

async function createCategories(tx: Tx, orgId: string, planned: PlannedRow[], ids: Map<string, string>) {
  const created: string[] = [];
  for (const name of planned.flatMap((p) => (p.target ? p.plan.newCategories : []))) {
    if (ids.has(name.toLowerCase())) continue;
    const row = await ensureCategory(tx, orgId, name);
    ids.set(name.toLowerCase(), row.id);
    created.push(row.name);
  }
  return created;
}

async function applyBatch(
  tx: Tx,
  caller: Caller,
  siteId: string,
  settings: SiteSettings,
  req: ImportRowsRequest,
) {
  const mapped = mapRows(req);
  const ctx = await planContext(tx, caller, siteId, settings, mapped, true);
  const planned = planRows(mapped, ctx);
  const categoryIds = new Map(ctx.categoryIds);
  const applied: Applied = {
    rows: [],
    created: [],
    updated: new Map(),
    createdCategories: await createCategories(tx, caller.orgId, planned, categoryIds),
  };
  const targets = planned.flatMap((p) => (p.target?.kind === 'existing' ? [p.target.thingId] : []));
  const existing = new Map(
    (await repo.thingsByIds(tx, caller.orgId, [...new Set(targets)])).map((t) => [t.id, t]),
  );
  const fresh = new Map<string, NewThingRow>();
  const zone = req.zone ?? undefined;
  for (const { plan, target, values } of planned) {
    if (!target || !values) {
      applied.rows.push({ line: plan.line, status: plan.message, thing: null });
      continue;
    }
    let thing: NewThingRow | undefined;
    let status = 'complete duplicate';
    if (target.kind === 'existing') {
      thing = existing.get(target.thingId);
      if (thing) applied.updated.set(target.thingId, thing as ThingRow);
    } else {
      thing = fresh.get(target.key);
      if (!thing) {
        thing = {
          id: newId(),
          orgId: caller.orgId,
          siteId,
          name: '',
          class: 'item',
          tags: [],
          categories: [],
          labels: [],
        };
        fresh.set(target.key, thing);
        applied.created.push(thing);
        status = 'complete';
      }
    }
    if (!thing) throw new Error(`import target ${JSON.stringify(target)} vanished`);
    merge(thing, values, categoryIds, zone);
    applied.rows.push({ line: plan.line, status, thing: thing.id ?? null });
  }
  await repo.insertThings(tx, caller.orgId, siteId, applied.created);
  await repo.updateThings(tx, caller.orgId, [...applied.updated.values()], !!zone);
  const tagsByThing = new Map(
    [...applied.created, ...applied.updated.values()].map((t) => [
      t.id as string,
      allTags({ tag1: t.tag1 ?? '', tag2: t.tag2 ?? '', tags: t.tags ?? [] }),
    ]),
  );
  const lost = await repo.writeThingTags(tx, caller.orgId, tagsByThing, [...applied.updated.keys()]);
  if (lost) throw new TagRace();
  return applied;
}

class TagRace extends Error {}

/** One batch in one transaction: every row is applied, or (a tag taken meanwhile) none is and each row says so. */
export async function importRows(
  deps: Deps,
  caller: Caller,
  siteId: string,
  req: ImportRowsRequest,
): Promise<ImportResult> {
  const settings = await startImport(deps.db, caller, siteId, req.zone);
  let applied: Applied;
  try {
    applied = await deps.db.transaction((tx) => applyBatch(tx, caller, siteId, settings, req));
  } catch (error) {
    if (!(error instanceof TagRace) && !isUniqueViolation(error)) throw error;
    const status = IMPORT_MSG.batchFailed(
      'a tag was taken by another change meanwhile; import the rows again',
    );
    return {
      rows: req.rows.map((r) => ({ line: r.line, status, thing: null })),
      created: 0,
      updated: 0,
      failed: req.rows.length,
      createdCategories: [],
    };
  }
  const last = applied.created.at(-1) ?? [...applied.updated.values()].at(-1);
  if (last)
    deps.live
      .publish([
        {
          type: 'thing',
          orgId: caller.orgId,
          siteId,
          ...(last.class === 'worker' ? { workers: [last.id] } : {}),
          data: { change: 'imported', thing: { _id: last.id } },
          at: Date.now(),
        } satisfies LivePublish,
      ])
      .catch(() => undefined);
  const okRows = applied.rows.filter((r) => r.thing);
  return {
    rows: applied.rows,
    created: applied.created.length,
    updated: okRows.length - okRows.filter((r) => r.status === 'complete').length,
    failed: applied.rows.length - okRows.length,
    createdCategories: applied.createdCategories,
  };
}

/** Saves a header mapping on the site (replacing the one of the same name); the import screen offers it again. */
export async function saveMapping(db: Db, caller: Caller, siteId: string, input: ImportMappingInput) {
  await siteSettingsFor(db, caller, siteId);
  authorize(caller, 'things', 'modify', siteId);
  return db.transaction(async (tx) => {
    const settings = await readSiteSettings(tx, caller.orgId, siteId);
    if (!settings) throw notFound('Site');
    const others = settings.importSettings.importMappings.filter((m) => m.name !== input.name);
    const importMappings = [
      ...others,
      { name: input.name, headerAssetFields: { ...input.headerAssetFields } },
    ];
    await writeSiteSettings(tx, caller.orgId, siteId, {
      ...settings,
      importSettings: { ...settings.importSettings, importMappings },
    });
    return importMappings;
  });
}
