/** The building blocks screens use. */
export { ConfirmDialog } from './ConfirmDialog';
export { EmptyState } from './EmptyState';
export { ResourceEditor } from './editor/ResourceEditor';
export type {
  CustomFieldProps,
  EditorTab,
  EditorTabProps,
  Option,
} from './editor/types';
export { useNotify } from './notify';
export { PageHeader } from './PageHeader';
export { ShownOnceDialog } from './ShownOnceDialog';
export { ResourceList } from './table/ResourceList';
export type { Column } from './table/types';
export { UnsavedChangesDialog, useUnsavedChanges } from './UnsavedChangesDialog';
