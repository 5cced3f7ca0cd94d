/**
 * The import screen's state as the server's requests (shared schemas): the mapping the person
 * chose, the batches, and the status a row shows (IMPORT_ROW_STATUS, or its error text).
 */
import {
  ASSET_FIELDS,
  type AssetField,
  type HeaderAssetFields,
  IMPORT_BATCH_SIZE,
  IMPORT_MSG,
  IMPORT_ROW_STATUS,
  type ImportPlanRow,
  type ImportPreviewRequest,
  type SheetRow,
} from '@sightline/shared';

/** Header → chosen asset field ('' = not imported). */
export type MappingChoice = Record<string, AssetField | ''>;

function toHeaderAssetFields(choice: MappingChoice): HeaderAssetFields {
  const mapping: HeaderAssetFields = {};
  for (const [header, field] of Object.entries(choice)) if (field) mapping[header] = field;
  return mapping;
}

/**
 * The words an obvious header is made of, per asset field: a header matches when, lower-cased
 * and stripped of everything but letters and digits, it equals one of them ("Asset Name",
 * "asset_name" and "ASSET-NAME" all read "assetname"). A second tag column reads as tags2.
 */
const HEADER_WORDS: Record<AssetField, readonly string[]> = {
  name: ['name', 'assetname', 'itemname', 'asset', 'item', 'title', 'thing', 'thingname'],
  description: ['description', 'desc', 'details', 'notes', 'note', 'comment', 'comments'],
  serial: ['serial', 'serialno', 'serialnumber', 'serialnum', 'sn', 'sno', 'assetno', 'assetnumber'],
  tags: ['tags'],
  tags1: ['tag', 'tag1', 'tags1', 'epc', 'epc1', 'rfid', 'rfidtag', 'tagid', 'epccode'],
  tags2: ['tag2', 'tags2', 'epc2', 'tid', 'rfidtag2', 'secondtag'],
  categories: ['category', 'categories', 'type', 'group'],
  labels: ['label', 'labels'],
};

const normalHeader = (header: string) => header.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** The asset field an obvious header names, or '' when it names none. */
export function guessField(header: string): AssetField | '' {
  const word = normalHeader(header);
  for (const field of ASSET_FIELDS) if (HEADER_WORDS[field].includes(word)) return field;
  return '';
}

/**
 * The mapping for the sheet's headers: the saved mapping's field where it names the header,
 * otherwise the field the header obviously names. Each field is chosen once: a saved choice wins,
 * then the first header that names it; a second tag column becomes tags2.
 */
export function choiceFrom(
  headers: readonly string[],
  saved: Record<string, string> | undefined,
): MappingChoice {
  const choice: MappingChoice = {};
  const taken = new Set<string>();
  for (const header of headers) {
    const field = saved && Object.hasOwn(saved, header) ? saved[header] : '';
    const known = (ASSET_FIELDS as readonly string[]).includes(field ?? '') ? (field as AssetField) : '';
    choice[header] = known;
    if (known) taken.add(known);
  }
  if (saved && Object.keys(saved).length > 0) return choice;
  for (const header of headers) {
    if (choice[header]) continue;
    let field = guessField(header);
    if (field === 'tags1' && taken.has('tags1')) field = 'tags2';
    if (field && !taken.has(field)) {
      choice[header] = field;
      taken.add(field);
    }
  }
  return choice;
}

/** What stops a preview or an import, as its fixed IMPORT_MSG text; undefined when it may go. */
export function importProblem(choice: MappingChoice, zone: string, requireZone: boolean): string | undefined {
  if (!Object.values(choice).some(Boolean)) return IMPORT_MSG.mapHeaders;
  if (requireZone && !zone) return IMPORT_MSG.zoneRequired;
  return undefined;
}

export function importRequest(
  headers: string[],
  choice: MappingChoice,
  rows: SheetRow[],
  zone: string,
): ImportPreviewRequest {
  return { headers, mapping: toHeaderAssetFields(choice), rows, zone: zone || null };
}

export function batches<T>(rows: readonly T[], size = IMPORT_BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** The status a row shows while its batch uploads: rows the preview found a duplicate of are retried as updates. */
export function uploadingStatus(plan: ImportPlanRow | undefined): string {
  if (plan && (plan.action === 'update' || plan.action === 'duplicate'))
    return IMPORT_ROW_STATUS.duplicateDetected;
  return IMPORT_ROW_STATUS.uploading;
}

export const isUploaded = (status: string | undefined) =>
  status === IMPORT_ROW_STATUS.complete || status === IMPORT_ROW_STATUS.completeDuplicate;

/** What a row will do, in the site's word for items ('New asset' when items are 'Assets'). */
export const actionLabels = (noun: string): Record<ImportPlanRow['action'], string> => ({
  new: `New ${noun}`,
  update: `Update existing ${noun}`,
  duplicate: 'Duplicate of an earlier row',
  error: 'Error',
});
