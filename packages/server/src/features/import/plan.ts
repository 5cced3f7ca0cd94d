/**
 * What each sheet row will do, as a pure function of the rows and what the database holds, so the
 * preview and the import decide alike (the import plans each batch again inside its transaction).
 */
import {
  type AssetField,
  EPC_HEX_PATTERN,
  GENERATED_TAG_LENGTH,
  IMPORT_MSG,
  type ImportAction,
  type ImportPlanRow,
  splitList,
  THING_MSG,
  ThingInput,
} from '@sightline/shared';

/** The values an import writes to an item (categories by name). */
export interface RowValues {
  name: string;
  description: string;
  serial: string;
  tag1: string;
  tag2: string;
  tags: string[];
  categoryNames: string[] | undefined;
  labels: string[] | undefined;
  /** Which of name, description, serial the row gives (an update keeps the others). */
  given: Set<'name' | 'description' | 'serial'>;
}

/** An existing item holding a tag, and whether the caller may change it. */
interface TagHolder {
  thingId: string;
  access: 'modify' | 'hidden' | 'forbidden';
}

export interface PlanContext {
  site: string;
  prefix: string;
  generatePrefixTag: boolean;
  prefixedTagDupCheck: boolean;
  holders: ReadonlyMap<string, TagHolder>;
  locationTagTags: ReadonlySet<string>;
  /** Lower-case name → id of the organization's categories. */
  categoryIds: ReadonlyMap<string, string>;
  canCreateCategories: boolean;
  /** The highest tag already used that starts with the prefix and has the generated length. */
  lastGeneratedTag: string | undefined;
}

/** Where a row's values go: a new item (keyed by the first row that creates it) or an existing one. */
type Target = { kind: 'new'; key: string } | { kind: 'existing'; thingId: string };

export interface PlannedRow {
  plan: ImportPlanRow;
  target?: Target;
  values?: RowValues;
}

const splitTags = (cell: string | undefined) =>
  (cell ?? '')
    .split(/[\s,;]+/)
    .map((t) => t.trim().toUpperCase())
    .filter(Boolean);

/** A generator of prefix + zero-padded hex counter tags, after the last one used. */
function tagGenerator(prefix: string, lastGeneratedTag: string | undefined) {
  const digits = GENERATED_TAG_LENGTH - prefix.length;
  let counter = lastGeneratedTag ? BigInt(`0x${lastGeneratedTag.slice(prefix.length)}`) : 0n;
  return () => {
    counter += 1n;
    return `${prefix}${counter.toString(16).toUpperCase().padStart(digits, '0')}`;
  };
}

export const validPrefix = (prefix: string) =>
  prefix.length < GENERATED_TAG_LENGTH && (prefix === '' || EPC_HEX_PATTERN.test(prefix));

/** The row's values, its tags upper case (and prefixed, with the prefixed duplicate check). */
export function rowValues(
  values: Partial<Record<AssetField, string>>,
  ctx: Pick<PlanContext, 'prefix' | 'prefixedTagDupCheck'>,
): RowValues {
  const withPrefix = (tag: string) =>
    tag && ctx.prefixedTagDupCheck && ctx.prefix && !tag.startsWith(ctx.prefix) ? ctx.prefix + tag : tag;
  const given = new Set<'name' | 'description' | 'serial'>();
  for (const f of ['name', 'description', 'serial'] as const) if (values[f]) given.add(f);
  const tag1 = withPrefix(splitTags(values.tags1)[0] ?? '');
  const tag2 = withPrefix(splitTags(values.tags2)[0] ?? '');
  const tags = [...new Set(splitTags(values.tags).map(withPrefix))].filter((t) => t !== tag1 && t !== tag2);
  return {
    name: values.name ?? '',
    description: values.description ?? '',
    serial: values.serial ?? '',
    tag1,
    tag2,
    tags,
    categoryNames: values.categories ? splitList(values.categories) : undefined,
    labels: values.labels ? splitList(values.labels) : undefined,
    given,
  };
}

export const allTags = (v: Pick<RowValues, 'tag1' | 'tag2' | 'tags'>) =>
  [...new Set([v.tag1, v.tag2, ...v.tags])].filter(Boolean);

/** The row's fields checked by the thing rules (an update may leave the name out). */
function fieldError(v: RowValues, isNew: boolean, site: string): string | undefined {
  const checked = ThingInput.safeParse({
    name: isNew || v.given.has('name') ? v.name : 'kept',
    description: v.description,
    serial: v.serial,
    tag1: v.tag1,
    tag2: v.tag2,
    tags: v.tags,
    labels: v.labels ?? [],
    site,
  });
  return checked.success ? undefined : (checked.error.issues[0]?.message ?? 'invalid row');
}

/** Plans every row in order; a row's tags are claimed for later rows only when it succeeds. */
export function planRows(
  rows: readonly { line: number; values: Partial<Record<AssetField, string>> }[],
  ctx: PlanContext,
): PlannedRow[] {
  const claimed = new Map<string, { line: number; target: Target }>();
  const nextTag = tagGenerator(ctx.prefix, ctx.lastGeneratedTag);
  return rows.map(({ line, values }) => {
    const v = rowValues(values, ctx);
    const fail = (message: string): PlannedRow => ({
      plan: {
        line,
        action: 'error',
        name: v.name,
        tags: allTags(v),
        thing: null,
        sameAsLine: null,
        newCategories: [],
        message,
      },
    });
    const tags = allTags(v);
    const badTag = tags.find((t) => !EPC_HEX_PATTERN.test(t));
    if (badTag !== undefined) return fail(THING_MSG.tagHex);
    const locationTag = tags.find((t) => ctx.locationTagTags.has(t));
    if (locationTag) return fail(THING_MSG.duplicateTag(locationTag));

    let target: Target | undefined;
    let sameAsLine: number | null = null;
    for (const tag of tags) {
      const earlier = claimed.get(tag);
      const holder = ctx.holders.get(tag);
      let found: Target | undefined = earlier?.target;
      if (!earlier && holder) {
        if (holder.access === 'hidden') return fail(THING_MSG.duplicateTag(tag));
        if (holder.access === 'forbidden') return fail(IMPORT_MSG.notYours(tag));
        found = { kind: 'existing', thingId: holder.thingId };
      }
      if (!found) continue;
      if (target && !sameTarget(target, found)) return fail(IMPORT_MSG.tagsOfTwoItems(tags.join(', ')));
      target = found;
      if (earlier) sameAsLine ??= earlier.line;
    }

    const isNew = !target;
    const problem = fieldError(v, isNew, ctx.site);
    if (problem) return fail(problem);
    const newCategories = (v.categoryNames ?? []).filter((n) => !ctx.categoryIds.has(n.toLowerCase()));
    const refused = newCategories.find(() => !ctx.canCreateCategories);
    if (refused) return fail(IMPORT_MSG.noCategoryCreate(refused));

    let message = '';
    if (isNew && !tags.length && ctx.generatePrefixTag) {
      if (!validPrefix(ctx.prefix)) return fail(IMPORT_MSG.noTagPrefix);
      v.tag1 = nextTag();
      message = `tag generated: ${v.tag1}`;
    }
    const finalTarget: Target = target ?? { kind: 'new', key: `line:${line}` };
    for (const tag of allTags(v)) claimed.set(tag, { line, target: finalTarget });
    const action: ImportAction = sameAsLine !== null ? 'duplicate' : isNew ? 'new' : 'update';
    return {
      plan: {
        line,
        action,
        name: v.name,
        tags: allTags(v),
        thing: finalTarget.kind === 'existing' ? finalTarget.thingId : null,
        sameAsLine,
        newCategories,
        message,
      },
      target: finalTarget,
      values: v,
    };
  });
}

function sameTarget(a: Target, b: Target) {
  return a.kind === 'new'
    ? b.kind === 'new' && a.key === b.key
    : b.kind === 'existing' && a.thingId === b.thingId;
}
