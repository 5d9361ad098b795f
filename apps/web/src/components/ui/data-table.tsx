import { messages } from '@skylog/contracts';
import { ArrowDown, ArrowUp, ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';

export type Column<Row> = {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The server sort field this column sorts by, when it can. */
  sortField?: string;
  className?: string;
};

type DataTableProps<Row> = {
  label: string;
  columns: ReadonlyArray<Column<Row>>;
  rows: readonly Row[] | undefined;
  getRowKey: (row: Row) => string;
  isLoading: boolean;
  error: Error | null;
  emptyText: string;
  total: number | undefined;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  sort?: { field: string; order: 'asc' | 'desc' } | undefined;
  onSortChange?: ((sort: { field: string; order: 'asc' | 'desc' }) => void) | undefined;
  /** Rows (`<tr>`) at the table's foot, such as a logbook page's totals; shown while the table has rows. */
  footer?: ReactNode;
};

/**
 * A server-paginated table: exact total, page n of m, sortable headers, loading and error states.
 * On a phone its cells keep to one line and the table scrolls sideways inside its card, rather than
 * squeezing every column into a word per line.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  getRowKey,
  isLoading,
  error,
  emptyText,
  total,
  page,
  pageSize,
  onPageChange,
  sort,
  onSortChange,
  footer,
}: DataTableProps<Row>) {
  const pageCount = Math.max(1, Math.ceil((total ?? 0) / pageSize));
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" aria-label={label}>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              {columns.map((column) => {
                const isSorted = sort && column.sortField === sort.field;
                return (
                  <th key={column.key} scope="col" className={`px-4 py-2 font-medium max-sm:whitespace-nowrap ${column.className ?? ''}`} aria-sort={isSorted ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}>
                    {column.sortField && onSortChange ? (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 uppercase hover:text-slate-800"
                        onClick={() => onSortChange({ field: column.sortField!, order: isSorted && sort.order === 'asc' ? 'desc' : 'asc' })}
                      >
                        {column.header}
                        {isSorted ? sort.order === 'asc' ? <ArrowUp size={12} aria-hidden /> : <ArrowDown size={12} aria-hidden /> : null}
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {error ? (
              <tr>
                <td colSpan={columns.length} role="alert" className="px-4 py-6 text-red-700">
                  {error.message}
                </td>
              </tr>
            ) : isLoading && !rows ? (
              <tr>
                <td colSpan={columns.length} className="px-4 py-6 text-slate-500">
                  {messages.loading}
                </td>
              </tr>
            ) : rows && rows.length > 0 ? (
              rows.map((row) => (
                <tr key={getRowKey(row)} className="hover:bg-slate-50">
                  {columns.map((column) => (
                    <td key={column.key} className={`px-4 py-2 align-middle max-sm:whitespace-nowrap ${column.className ?? ''}`}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            ) : (
              <tr>
                <td colSpan={columns.length} className="px-4 py-6 text-slate-500">
                  {emptyText}
                </td>
              </tr>
            )}
          </tbody>
          {footer && !error && rows && rows.length > 0 ? <tfoot className="border-t-2 border-slate-300 bg-slate-50">{footer}</tfoot> : null}
        </table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-4 border-t border-slate-200 px-4 py-2 text-sm text-slate-600">
        <span data-testid="table-total">{total === undefined ? messages.loading : `${total} in total`}</span>
        <div className="flex items-center gap-2">
          <button type="button" aria-label="Previous page" disabled={page <= 0} onClick={() => onPageChange(page - 1)} className="rounded p-1 hover:bg-slate-100 disabled:opacity-40">
            <ChevronLeft size={16} aria-hidden />
          </button>
          <span>
            Page {page + 1} of {pageCount}
          </span>
          <button
            type="button"
            aria-label="Next page"
            disabled={page + 1 >= pageCount}
            onClick={() => onPageChange(page + 1)}
            className="rounded p-1 hover:bg-slate-100 disabled:opacity-40"
          >
            <ChevronRight size={16} aria-hidden />
          </button>
        </div>
      </div>
    </div>
  );
}
