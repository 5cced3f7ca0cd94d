/** The declarations a screen gives ResourceEditor: tabs of typed fields. */
import type { DurationUnit } from '@sightline/shared';
import type { ComponentType, ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { Query } from '../../api/client';

export type Values = FieldValues;

export interface Option {
  value: string | number;
  label: string;
}

/** What field callbacks may look at. */
export interface EditorContext<V extends Values = Values> {
  values: V;
  record: V | undefined;
  isNew: boolean;
  readOnly: boolean;
}

interface BaseField<V extends Values> {
  /** Path in the form values; dotted for nested fields ('securityCtx.sites'). */
  name: string;
  label: string;
  required?: boolean;
  /**
   * A rule only the form knows (between inputs, or about an input the API never sees): a message
   * when the value is not acceptable. Rules of the API body belong in the screen's `schema`.
   */
  validate?: (value: unknown, values: V) => string | undefined;
  helperText?: string;
  /** Disabled (read-only) regardless of permissions. */
  disabled?: boolean | ((ctx: EditorContext<V>) => boolean);
  hidden?: (ctx: EditorContext<V>) => boolean;
  /** Grid width on wide screens; default half for inputs, full for groups. */
  width?: 'half' | 'full';
}

export type TextFieldDef<V extends Values> = BaseField<V> & {
  type: 'text';
  /** 'number' stores a decimal number (or null when empty). */
  inputType?: 'text' | 'email' | 'password' | 'number' | 'url' | 'tel';
  multiline?: boolean;
  autoComplete?: string;
};
export type CheckboxFieldDef<V extends Values> = BaseField<V> & { type: 'checkbox' };
export type SelectFieldDef<V extends Values> = BaseField<V> & { type: 'select'; options: Option[] };
export type ComboboxFieldDef<V extends Values> = BaseField<V> & {
  type: 'combobox';
  options: Option[];
  multiple?: boolean;
  /** Typed values that are not options are kept (tags, emails). */
  freeSolo?: boolean;
};
export type DateFieldDef<V extends Values> = BaseField<V> & { type: 'date'; withTime?: boolean };
/**
 * Value in nanoseconds, as the API stores durations; the unit select offers seconds, minutes
 * (default), hours, days, milliseconds.
 */
export type DurationFieldDef<V extends Values> = BaseField<V> & {
  type: 'duration';
  defaultUnit?: DurationUnit;
};
/** An array of objects edited row by row; item field names are relative to the item. */
export type SubListFieldDef<V extends Values> = BaseField<V> & {
  type: 'sublist';
  fields: EditorField<Values>[];
  newItem: () => Values;
  addLabel?: string;
};
/** A collapsible group; its fields keep full paths. `name` only identifies the group. */
export type ExpansionFieldDef<V extends Values> = BaseField<V> & {
  type: 'expansion';
  fields: EditorField<V>[];
  defaultExpanded?: boolean;
};
/** What a custom component learns about its declaration. */
interface FieldInfo {
  name: string;
  label: string;
  required?: boolean;
  helperText?: string;
}
export interface CustomFieldProps<V extends Values = Values> {
  field: FieldInfo;
  name: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  disabled: boolean;
  error: string | undefined;
  ctx: EditorContext<V>;
}
export type CustomFieldDef<V extends Values> = BaseField<V> & {
  type: 'custom';
  component: ComponentType<CustomFieldProps<V>>;
};
/** A read-only time shown as MM/DD/YYYY hh:mm am/pm unless `format` says otherwise. */
export type FormattedTimeFieldDef<V extends Values> = BaseField<V> & {
  type: 'formattedTime';
  format?: (value: unknown) => string;
};

export type EditorField<V extends Values = Values> =
  | TextFieldDef<V>
  | CheckboxFieldDef<V>
  | SelectFieldDef<V>
  | ComboboxFieldDef<V>
  | DateFieldDef<V>
  | DurationFieldDef<V>
  | SubListFieldDef<V>
  | ExpansionFieldDef<V>
  | CustomFieldDef<V>
  | FormattedTimeFieldDef<V>;

export interface EditorTabProps<V extends Values = Values> {
  ctx: EditorContext<V>;
  form: UseFormReturn<V>;
}
export interface EditorTab<V extends Values = Values> {
  label: string;
  fields?: EditorField<V>[];
  /** A whole tab of its own (status lists, QR codes ...), rendered below any fields. */
  component?: ComponentType<EditorTabProps<V>>;
  /**
   * The tab shows records of its own, saved by its own buttons: while it is open the editor's
   * Save (which saves the editor's record) and its read-only notice are not shown.
   */
  ownRecord?: boolean;
  hidden?: (ctx: EditorContext<V>) => boolean;
}

interface EditorPermissions {
  /** Access-rule resource; defaults to the editor's resource. */
  resource?: string;
  create?: boolean;
  modify?: boolean;
  delete?: boolean;
}

interface ActionsContext<V extends Values = Values> extends EditorContext<V> {
  form: UseFormReturn<V>;
  canModify: boolean;
}

export interface ResourceEditorProps<V extends Values = Values> {
  /** API path under /api: GET/PUT/DELETE `${resource}/${id}`, POST `${resource}`. */
  resource: string;
  /** Record id; default the route's `:id`. 'new' creates; '' edits the single record at `resource`. */
  id?: string;
  /** Singular noun for messages: 'Failed to load {entityName}', 'delete this {entityName}?'. */
  entityName: string;
  /** The read-only notice's words for the record; default 'this {entityName}'. */
  readOnlyNoun?: string;
  /** Page title; default 'New {entityName}' for a new record, else the record's name. */
  title?: string | ((ctx: EditorContext<V>) => string);
  /** A line under the title (e.g. the site a settings screen belongs to). */
  subtitle?: string;
  tabs: EditorTab<V>[];
  /** Values of a new record, and of fields a loaded record lacks. */
  defaults: V;
  permissions?: EditorPermissions;
  /** Read-only override (e.g. API keys: existing keys cannot be edited). */
  readOnly?: (ctx: Omit<EditorContext<V>, 'readOnly' | 'values'>) => boolean;
  /** The name in 'Saved {name}'; default `values.name`. */
  nameOf?: (values: V) => string;
  fromRecord?: (record: V) => V;
  /**
   * The shared zod input schema the server validates this body with: the form checks `toBody`'s
   * result against it before saving, each issue shown on its field with the schema's message. A
   * function picks the schema by record (creating may take more than changing).
   */
  schema?: z.ZodType | ((ctx: Omit<EditorContext<V>, 'values'>) => z.ZodType);
  toBody?: (values: V, ctx: EditorContext<V>) => unknown;
  saveQuery?: (values: V, ctx: EditorContext<V>) => Query;
  /** Where the list is (back button, after save/delete); default `resource`. */
  listPath?: string;
  /** After saving: back to the list (default), stay on the record, or a callback. */
  afterSave?: 'list' | 'stay' | ((saved: unknown, values: V) => void | Promise<void>);
  /** Extra buttons beside Save/Delete (e.g. Reset Password). */
  actions?: (ctx: ActionsContext<V>) => ReactNode;
  /** Show a Back button to the list (default true). */
  showBack?: boolean;
  /** Query sent with the load and every save (e.g. `orgsettings?site=`). */
  query?: Query;
  /** Single records (id '') saved by POST rather than PUT (the API's orgsettings takes POST). */
  saveMethod?: 'PUT' | 'POST';
  /** Texts that differ from the editor's generic success and failure texts, screen by screen. */
  messages?: EditorMessages<V>;
  /** The delete confirmation's texts (default title 'Confirm Delete', button 'Delete'). */
  deleteDialog?: { title?: string; message?: string; confirmLabel?: string };
}

interface EditorMessages<V extends Values = Values> {
  /** After a save; default 'Saved {name}'. */
  saved?: (values: V) => string;
  /** Default 'Save failed: {server data}'. */
  saveFailed?: (error: unknown) => string;
  /** Default 'Delete failed: {server data}'. */
  deleteFailed?: (error: unknown) => string;
  /** The error bar text when required fields are empty; default the first problem's own text. */
  incomplete?: string;
}
