/**
 * Asset import: an xlsx sheet's header row mapped to asset fields (the mapping saved per site), a
 * preview of what each row will do, then the rows in batches with a status each; a row whose tag
 * already exists updates that item.
 */
import { z } from 'zod';
import { Id } from './ids.js';
import { RequiredSite } from './sites.js';

/** The asset fields a header can map to, in the order the mapping offers them (names fixed). */
export const ASSET_FIELDS = [
  'name',
  'description',
  'serial',
  'tags',
  'tags1',
  'tags2',
  'categories',
  'labels',
] as const;
export type AssetField = (typeof ASSET_FIELDS)[number];

/**
 * The import screen's texts. The first seven (through `createdCategory`) are fixed: the console,
 * clients and tests match them.
 */
export const IMPORT_MSG = {
  mapHeaders: 'Please map headers to asset fields.',
  zoneRequired: 'Please select a zone to import assets to.',
  selectZone: 'Please select a zone.',
  xlsxOnly: 'Only xlsx files accepted.',
  mappingSaved: 'Header mapping saved',
  uploaded: (n: number, total: number) => `${n} of ${total} items uploaded`,
  createdCategory: (name: string) => `Created new category: ${name}`,
  fieldTwice: (field: string) => `The asset field ${field} is mapped to more than one header`,
  unknownHeader: (header: string) => `The header ${header} is not in the sheet`,
  headerTwice: (header: string) => `The header ${header} appears more than once in the sheet`,
  reservedHeader: 'A header may not be named __proto__',
  noFile: 'Please choose an xlsx file.',
  unreadable: 'The file is not a readable xlsx workbook.',
  noHeader: 'The first sheet of the workbook has no header row.',
  tooManyRows: (max: number) => `The sheet has more than ${max} rows: split it into smaller sheets.`,
  tooManyColumns: (max: number) => `The sheet has more than ${max} columns.`,
  zoneNotOfSite: 'The zone is not a zone of this site.',
  tagsOfTwoItems: (tags: string) => `The tags ${tags} belong to different items`,
  notYours: (tag: string) => `You do not have permission to modify the item with tag ${tag}`,
  noCategoryCreate: (name: string) => `You do not have permission to create the category ${name}`,
  noTagPrefix: 'Generate Prefix Tag needs a hex Tag Prefix shorter than 24 characters in Settings',
  batchFailed: (reason: string) => `Not imported: ${reason}`,
  tooLarge: (mb: number) => `The file is larger than ${mb} MB.`,
  tooManyParts: (max: number) => `The workbook holds more than ${max} files: it is not an ordinary xlsx.`,
  tooLargeUnpacked: (mb: number) =>
    `The workbook unpacks to more than ${mb} MB: split it into smaller sheets.`,
  tooManyStrings: (max: number) =>
    `The workbook holds more than ${max} distinct texts: split it into smaller sheets.`,
  textTooLong: (max: number) =>
    `A text in the workbook is longer than ${max} characters, the most a cell can hold.`,
  cellTooLong: (ref: string, max: number) =>
    `Cell ${ref} holds more than ${max} characters, the most a cell can hold.`,
  sheetTooLarge: (max: number) =>
    `The sheet holds more than ${max} characters of text: split it into smaller sheets.`,
  tooDeep: 'The workbook nests its XML too deeply: it is not an ordinary xlsx.',
  doctype: 'The workbook declares a DTD: it is not an ordinary xlsx.',
  busy: 'Another workbook of this organization is being read: try again in a moment.',
} as const;

/**
 * Import row statuses; a row that fails shows its error text instead. The texts are fixed: the
 * console, clients and tests match them.
 */
export const IMPORT_ROW_STATUS = {
  waiting: 'waiting',
  uploading: 'uploading',
  complete: 'complete',
  completeDuplicate: 'complete duplicate',
  duplicateDetected: 'duplicate detected',
} as const;

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
export const IMPORT_MAX_COLUMNS = 100;
/** Files in the xlsx archive (a workbook from Excel holds a few dozen). */
export const IMPORT_MAX_PARTS = 1000;
/** Bytes the parts read from the archive may inflate to, counted as they inflate. */
export const IMPORT_MAX_UNPACKED_BYTES = 100 * 1024 * 1024;
/** Distinct texts (shared strings): every cell of a sheet at the row and column limits could hold one. */
export const IMPORT_MAX_SHARED_STRINGS = 1_000_000;
/** Characters in one cell: the xlsx format's own limit. */
export const IMPORT_MAX_CELL_CHARS = 32_767;
/** Characters of text in the whole sheet: what the preview can take back (its body is at most 64 MB). */
export const IMPORT_MAX_SHEET_CHARS = 32 * 1024 * 1024;
/** Sheets read at the same time for one organization (on one server). */
export const IMPORT_MAX_READS_PER_ORG = 2;
/** Rows per `import/rows` call: each call is one transaction. */
export const IMPORT_BATCH_SIZE = 500;
export const IMPORT_MAX_BATCH = 2000;
/** Generated tags are 96-bit EPCs: the prefix then a zero-padded hex counter. */
export const GENERATED_TAG_LENGTH = 24;

const Header = z.string().max(200);

/** Header → asset field. Each header and each asset field may be chosen once. */
export const HeaderAssetFields = z
  .record(Header, z.enum(ASSET_FIELDS))
  .refine((m) => !Object.hasOwn(m, '__proto__'), IMPORT_MSG.reservedHeader)
  .superRefine((mapping, ctx) => {
    const fields = Object.values(mapping);
    if (!fields.length) ctx.addIssue({ code: 'custom', message: IMPORT_MSG.mapHeaders });
    const twice = fields.find((f, i) => fields.indexOf(f) !== i);
    if (twice) ctx.addIssue({ code: 'custom', message: IMPORT_MSG.fieldTwice(twice) });
  });
export type HeaderAssetFields = z.infer<typeof HeaderAssetFields>;

export const ImportQuery = z.object({ site: RequiredSite });
export type ImportQuery = z.infer<typeof ImportQuery>;

/** PUT api/import/mappings?site=: saves (or replaces, by name) one of the site's mappings. */
export const ImportMappingInput = z.object({
  name: z.string().trim().min(1, 'name is required').max(200),
  headerAssetFields: HeaderAssetFields,
});
export type ImportMappingInput = z.infer<typeof ImportMappingInput>;

/** One data row of the sheet: its row number in the sheet and its cells as text, by column. */
export const SheetRow = z.object({
  line: z.number().int().min(1),
  cells: z.array(z.string().max(IMPORT_MAX_CELL_CHARS)).max(IMPORT_MAX_COLUMNS),
});
export type SheetRow = z.infer<typeof SheetRow>;

/** POST api/import/sheet answer: the first sheet's header row and its rows. */
export const ImportSheet = z.object({
  sheet: z.string(),
  headers: z.array(z.string()),
  rows: z.array(SheetRow),
});
export type ImportSheet = z.infer<typeof ImportSheet>;

function importRequest(maxRows: number) {
  return z
    .object({
      mapping: HeaderAssetFields,
      headers: z.array(Header).min(1).max(IMPORT_MAX_COLUMNS),
      rows: z.array(SheetRow).max(maxRows),
      zone: Id.nullish(),
    })
    .superRefine((req, ctx) => {
      const twice = req.headers.find((h, i) => h !== '' && req.headers.indexOf(h) !== i);
      if (twice) ctx.addIssue({ code: 'custom', path: ['headers'], message: IMPORT_MSG.headerTwice(twice) });
      const missing = Object.keys(req.mapping).find((h) => !req.headers.includes(h));
      if (missing)
        ctx.addIssue({ code: 'custom', path: ['mapping'], message: IMPORT_MSG.unknownHeader(missing) });
    });
}
/** POST api/import/preview?site=: the whole sheet; nothing is written. */
export const ImportPreviewRequest = importRequest(IMPORT_MAX_ROWS);
export type ImportPreviewRequest = z.infer<typeof ImportPreviewRequest>;
/** POST api/import/rows?site=: one batch, applied in one transaction. */
export const ImportRowsRequest = importRequest(IMPORT_MAX_BATCH);
export type ImportRowsRequest = z.infer<typeof ImportRowsRequest>;

/** What a row will do: a new item, an update of an existing item by tag, a repeat of an earlier row's tag, or nothing. */
export const IMPORT_ACTIONS = ['new', 'update', 'duplicate', 'error'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

export const ImportPlanRow = z.object({
  line: z.number(),
  action: z.enum(IMPORT_ACTIONS),
  name: z.string(),
  tags: z.array(z.string()),
  /** The existing item an update writes to. */
  thing: z.string().nullable(),
  /** The sheet row whose tag a duplicate repeats. */
  sameAsLine: z.number().nullable(),
  newCategories: z.array(z.string()),
  /** The error text, or what else is worth knowing (a generated tag). */
  message: z.string(),
});
export type ImportPlanRow = z.infer<typeof ImportPlanRow>;

export const ImportPreview = z.object({
  rows: z.array(ImportPlanRow),
  counts: z.object({ new: z.number(), update: z.number(), duplicate: z.number(), error: z.number() }),
  newCategories: z.array(z.string()),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ImportResultRow = z.object({
  line: z.number(),
  /** 'complete', 'complete duplicate' (an existing item updated by tag) or an error text. */
  status: z.string(),
  thing: z.string().nullable(),
});
export type ImportResultRow = z.infer<typeof ImportResultRow>;

export const ImportResult = z.object({
  rows: z.array(ImportResultRow),
  created: z.number(),
  updated: z.number(),
  failed: z.number(),
  createdCategories: z.array(z.string()),
});
export type ImportResult = z.infer<typeof ImportResult>;

/** A row's values by asset field, through the mapping (own keys only: a header is never '__proto__'). */
export function mapRow(
  headers: readonly string[],
  mapping: HeaderAssetFields,
  cells: readonly string[],
): Partial<Record<AssetField, string>> {
  const values: Partial<Record<AssetField, string>> = {};
  headers.forEach((header, i) => {
    if (!Object.hasOwn(mapping, header)) return;
    const field = mapping[header];
    const cell = (cells[i] ?? '').trim();
    if (field && cell) values[field] = cell;
  });
  return values;
}

/** A cell naming several values: separated by commas, semicolons or line breaks. */
export function splitList(cell: string | undefined): string[] {
  if (!cell) return [];
  return [
    ...new Set(
      cell
        .split(/[,;\n\r]+/)
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
}

/** A saved mapping whose headers are all in the sheet (mappings are saved per site, offered again). */
export function matchingMapping<M extends { headerAssetFields: Record<string, string> }>(
  mappings: readonly M[],
  headers: readonly string[],
): M | undefined {
  return mappings.find((m) => {
    const keys = Object.keys(m.headerAssetFields);
    return keys.length > 0 && keys.every((h) => headers.includes(h));
  });
}
