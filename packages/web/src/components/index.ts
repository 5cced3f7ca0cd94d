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
export { type Notify, useNotify } from './notify';
export { PageHeader } from './PageHeader';
export { ShownOnceDialog, type ShownOnceDialogProps } from './ShownOnceDialog';
export { ResourceList } from './table/ResourceList';
export type { Column, ListPermissions, ResourceListProps } from './table/types';
export { UnsavedChangesDialog, useUnsavedChanges } from './UnsavedChangesDialog';
