/** The building blocks screens use. */
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { EmptyState } from './EmptyState';
export { ResourceEditor } from './editor/ResourceEditor';
export type {
  ActionsContext,
  CustomFieldProps,
  EditorContext,
  EditorField,
  EditorMessages,
  EditorTab,
  EditorTabProps,
  Option,
  ResourceEditorProps,
} from './editor/types';
export { ResourceList } from './list/ResourceList';
export type { Column, ListPermissions, ResourceListProps } from './list/types';
export { type Notify, useNotify } from './notify';
export { PageHeader } from './PageHeader';
export { ShownOnceDialog, type ShownOnceDialogProps } from './ShownOnceDialog';
