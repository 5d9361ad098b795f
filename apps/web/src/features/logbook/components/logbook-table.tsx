import { limits, logbookListQuerySchema, type LogbookEntry, type LogbookTotals } from '@skylog/contracts';
import { Link } from 'react-router';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { DayRangeInputs, isReversed } from '../../../components/ui/day-range-inputs.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import { paths } from '../../../config/paths.ts';
import { checkedSort, checkedValue, useUrlListState } from '../../../lib/use-list-state.ts';
import { useLogbook } from '../api/get-logbook.ts';
import { categoryClassShort, categoryOptions, hoursText, routeText } from './entry-values.ts';
import { SignatureStatus } from './signature-status.tsx';

/** What the address keeps: a paper logbook's order (oldest first), so the last page's "total to date" is the whole logbook's. */
const listDefaults = { search: '', from: '', to: '', category_class: '', unsigned: '', sort: 'date', order: 'asc' };
const { shape } = logbookListQuerySchema;

/** A column of the logbook and, for a column of figures, its sum at the foot of the page. */
type LogbookColumn = Column<LogbookEntry> & { total?: (totals: LogbookTotals) => string };

const hoursColumn = (
  key: string,
  header: string,
  hours: (row: LogbookEntry | LogbookTotals) => number,
  sortField?: 'total_hours' | 'night_hours' | 'cross_country_hours',
): LogbookColumn => ({
  key,
  header,
  className: 'text-right tabular-nums',
  ...(sortField ? { sortField } : {}),
  // A paper logbook leaves a column blank rather than writing a nought in it.
  cell: (entry) => (hours(entry) > 0 ? hoursText(hours(entry)) : ''),
  total: (totals) => hoursText(hours(totals)),
});

const landingsText = (row: LogbookEntry | LogbookTotals) => `${row.day_full_stop_landings} / ${row.night_full_stop_landings}`;

const columns: readonly LogbookColumn[] = [
  {
    key: 'date',
    header: 'Date',
    sortField: 'date',
    cell: (entry) => (
      <Link to={paths.dashboard.logbookEntry.getHref(entry.id)} className="font-medium whitespace-nowrap text-brand-700 hover:underline">
        {entry.date}
      </Link>
    ),
  },
  {
    key: 'aircraft',
    header: 'Aircraft',
    sortField: 'aircraft_identification',
    cell: (entry) => (
      <span className="flex flex-col">
        <span>{entry.aircraft_identification ?? '—'}</span>
        {entry.aircraft_make_model ? <span className="text-xs text-slate-500">{entry.aircraft_make_model}</span> : null}
      </span>
    ),
  },
  { key: 'route', header: 'Route', cell: (entry) => routeText(entry.route) },
  {
    key: 'category',
    header: 'Cat / class',
    sortField: 'category_class',
    cell: (entry) => <abbr title={entry.category_class}>{categoryClassShort[entry.category_class]}</abbr>,
  },
  hoursColumn('total', 'Total', (row) => row.total_hours, 'total_hours'),
  hoursColumn('pic', 'PIC', (row) => row.pic_hours),
  hoursColumn('dual', 'Dual rcvd', (row) => row.dual_received_hours),
  hoursColumn('solo', 'Solo', (row) => row.solo_hours),
  hoursColumn('cross-country', 'XC', (row) => row.cross_country_hours, 'cross_country_hours'),
  hoursColumn('night', 'Night', (row) => row.night_hours, 'night_hours'),
  hoursColumn('instrument', 'Instrument', (row) => row.actual_instrument_hours + row.simulated_instrument_hours),
  {
    key: 'landings',
    header: 'Ldg day / night',
    className: 'text-right tabular-nums whitespace-nowrap',
    cell: landingsText,
    total: landingsText,
  },
  { key: 'signature', header: 'Signature', cell: (entry) => <SignatureStatus signature={entry.signature} /> },
];

/** The first column of figures: the foot's row names span the columns before it. */
const firstTotalColumn = columns.findIndex((column) => column.total);

function TotalsRow({ label, totals }: { label: string; totals: LogbookTotals }) {
  return (
    <tr className="font-medium text-slate-800">
      <th scope="row" colSpan={firstTotalColumn} className="px-4 py-2 text-left text-xs tracking-wide text-slate-600 uppercase">
        {label}
      </th>
      {columns.slice(firstTotalColumn).map((column) => (
        <td key={column.key} className={`px-4 py-2 ${column.className ?? ''}`}>
          {column.total?.(totals) ?? ''}
        </td>
      ))}
    </tr>
  );
}

/**
 * A person's logbook, a page at a time, with the three rows at the foot of every page of a paper logbook: this
 * page's totals, the amount forwarded from the pages before, and the total to date. Filters, sort and page live in
 * the address.
 */
export function LogbookTable({ personId }: { personId: string }) {
  const { values, setValues, page, setPage } = useUrlListState(listDefaults);
  const sort = checkedSort(shape, values, { field: 'date', order: 'asc' });
  const range = { from: values.from, to: values.to };
  // A reversed range is told beside the inputs, and the whole logbook shows meanwhile.
  const days = isReversed(range) ? {} : { from: checkedValue(shape.from, values.from), to: checkedValue(shape.to, values.to) };
  const logbook = useLogbook(personId, {
    page,
    page_size: limits.logbookPageSize,
    sort: sort.field,
    order: sort.order,
    ...days,
    category_class: checkedValue(shape.category_class, values.category_class),
    search: values.search.trim() || undefined,
    unsigned: values.unsigned === 'true' ? 'true' : undefined,
  });
  const isFiltered = [values.search, values.from, values.to, values.category_class, values.unsigned].some(Boolean);
  const data = logbook.data;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <SearchInput
          label="Search the logbook"
          placeholder="Search aircraft, route or remarks"
          value={values.search}
          onChange={(search) => setValues({ search }, { replace: true })}
        />
        <DayRangeInputs value={range} onChange={(next) => setValues(next)} />
        <SelectInput
          label="Category and class"
          options={[{ value: '', label: 'All' }, ...categoryOptions]}
          value={values.category_class}
          onChange={(event) => setValues({ category_class: event.target.value })}
        />
        <label className="flex items-center gap-2 py-2 text-sm font-medium text-slate-700">
          <input
            type="checkbox"
            checked={values.unsigned === 'true'}
            onChange={(event) => setValues({ unsigned: event.target.checked ? 'true' : '' })}
            className="h-4 w-4"
          />
          Awaiting signature only
        </label>
      </div>
      <DataTable
        label="Logbook entries"
        columns={columns}
        rows={data?.items}
        getRowKey={(entry) => entry.id}
        isLoading={logbook.isPending}
        error={logbook.error}
        emptyText={isFiltered ? 'No entries match these filters.' : 'No entries yet: a flight you fly adds one, or add one by hand.'}
        total={data?.total}
        page={page}
        pageSize={limits.logbookPageSize}
        onPageChange={setPage}
        sort={sort}
        onSortChange={(next) => setValues({ sort: next.field, order: next.order })}
        footer={
          data ? (
            <>
              <TotalsRow label="Totals this page" totals={data.page_totals} />
              <TotalsRow label="Amount forwarded" totals={data.brought_forward} />
              <TotalsRow label="Total to date" totals={data.to_date} />
            </>
          ) : null
        }
      />
    </div>
  );
}
