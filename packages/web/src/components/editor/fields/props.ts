import type { EditorContext, EditorField } from '../types';

/** What every field component receives: its declaration, resolved path, and disabled state. */
export interface FieldProps<F extends EditorField> {
  field: F;
  name: string;
  disabled: boolean;
  ctx: EditorContext;
}
