import type { ReactNode } from 'react';
import type { Query } from '../../api/client';

/** A column of any table: list screens, the events list, editor tabs, reports. */
export interface Column<T> {
  /** Record field (dotted paths allowed); also the sort key unless `sortField` says otherwise. */
  field: string;
  label: string;
  /**
   * What the column's figures mean, where the label alone could mislead: a tooltip on the header
   * (also its accessible description), the label dotted-underlined to say it has one.
   */
  hint?: string;
  /** The header is read to screen readers only (an actions column). */
  labelHidden?: boolean;
  sortable?: boolean;
  sortField?: string;
  /** Cell content; default: the field's value (arrays joined, empty as '—'). */
  render?: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** The header may break between its words, so a long label does not widen a narrow column. */
  wrapLabel?: boolean;
  /** Hidden on screens narrower than this breakpoint (phones). */
  hideBelow?: 'sm' | 'md';
  /** Phone rows name the value ('Last Seen: …') where it does not speak for itself. */
  cardLabel?: boolean;
  /** Extra style of the column's body cells. */
  sx?: object;
}

interface ListPermissions {
  /** Access-rule resource; defaults to the list's resource. */
  resource?: string;
  /** Explicit answers win over the rule check. */
  create?: boolean;
  delete?: boolean;
}

export interface ResourceListProps<T> {
  /** API path under /api: 'users' lists GET /api/users. */
  resource: string;
  title: string;
  columns: Column<T>[];
  /** Base path of the editor: a row opens `${editPath}/${id}`, Add opens `${editPath}/new`. */
  editPath: string;
  permissions?: ListPermissions;
  /** The noun in the delete question: 'user' → 'delete this user?'. Default 'item'. */
  entityName?: string;
  /** Fixed filters sent with every page (e.g. { class: 'item' }). */
  filters?: Query;
  /** Send the selected site as `site` (lists filtered by site). */
  siteScoped?: boolean;
  defaultSort?: string;
  /** Show the search box (default true). */
  searchable?: boolean;
  /** Query parameter the search is sent as: 'search' (default, substring) or 'search2' (fuzzy). */
  searchParam?: 'search' | 'search2';
  /** Row id; default `_id` or `id`. */
  rowId?: (row: T) => string;
  /** Extra header buttons (e.g. Download XLSX). */
  actions?: ReactNode;
  emptyIcon?: ReactNode;
  /** Add button label; default 'Add'. */
  addLabel?: string;
}
