/** A list screen's rows: the table from sm up, a list of rows on phones. */
import { TableContainer } from '@mui/material';
import { ListCards } from './ListCards';
import { TableGrid } from './TableGrid';
import type { Column } from './types';

export interface ListBodyProps<T> {
  phone: boolean;
  columns: Column<T>[];
  rows: T[] | undefined;
  loadingRows: number;
  sort: string | undefined;
  onSort: (field: string) => void;
  rowId: (row: T) => string;
  rowLabel: (row: T) => string;
  /** Opens a row; without it rows are read only. */
  onOpen?: (row: T) => void;
  onDelete?: (row: T) => void;
  /** The table's (or phone list's) accessible name. */
  label?: string;
  /** Live lists: the order holds under the pointer and focus (TableGrid `holdKey`), always on phones. */
  holdKey?: string;
}

export function ListBody<T>({ phone, holdKey, ...props }: ListBodyProps<T>) {
  if (phone) return <ListCards {...props} holdKey={holdKey} />;
  return (
    <TableContainer sx={{ maxHeight: { md: 'calc(100vh - 300px)' } }}>
      <TableGrid {...props} holdKey={holdKey} />
    </TableContainer>
  );
}
