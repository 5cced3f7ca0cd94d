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

/** The saved mapping's fields for the sheet's headers (headers it does not name stay unmapped). */
export function choiceFrom(
  headers: readonly string[],
  saved: Record<string, string> | undefined,
): MappingChoice {
  const choice: MappingChoice = {};
  for (const header of headers) {
    const field = saved && Object.hasOwn(saved, header) ? saved[header] : '';
    choice[header] = (ASSET_FIELDS as readonly string[]).includes(field ?? '') ? (field as AssetField) : '';
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

export const ACTION_LABELS: Record<ImportPlanRow['action'], string> = {
  new: 'New item',
  update: 'Update existing item',
  duplicate: 'Duplicate of an earlier row',
  error: 'Error',
};
