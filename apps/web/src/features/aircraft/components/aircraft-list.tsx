import { aircraftCategoryLabels, aircraftListQuerySchema, type Aircraft } from '@skylog/contracts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { useCreateAircraft } from '../api/change-aircraft.ts';
import { useAircraftList } from '../api/get-aircraft.ts';
import { AircraftForm } from './aircraft-form.tsx';
import { checkedSort, useUrlListState } from '../../../lib/use-list-state.ts';

const pageSize = 10;
const listDefaults = { search: '', sort: 'tail_number', order: 'asc' };

/** The fleet with its exact total; org admins add aircraft. Search, sort and page live in the address. */
export function AircraftList({ canEdit, getDetailHref }: { canEdit: boolean; getDetailHref: (plane: Aircraft) => string }) {
  const { values, setValues, page, setPage } = useUrlListState(listDefaults);
  const { search } = values;
  const sort = checkedSort(aircraftListQuerySchema.shape, values, { field: 'tail_number', order: 'asc' });
  const [isAdding, setIsAdding] = useState(false);
  const fleet = useAircraftList({ search: search.trim() || undefined, page, page_size: pageSize, sort: sort.field, order: sort.order });
  const create = useCreateAircraft();

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SearchInput
          label="Search aircraft"
          placeholder="Search by tail number, call sign or type"
          value={search}
          onChange={(text) => setValues({ search: text }, { replace: true })}
        />
        {canEdit ? (
          <Button onClick={() => setIsAdding(true)}>
            <Plus size={16} aria-hidden className="mr-1" /> Add aircraft
          </Button>
        ) : null}
      </div>
      <DataTable
        label="Aircraft"
        columns={[
          {
            key: 'tail',
            header: 'Tail number',
            sortField: 'tail_number',
            cell: (plane) => (
              <Link to={getDetailHref(plane)} className="font-medium text-brand-700 hover:underline">
                {plane.tail_number}
              </Link>
            ),
          },
          { key: 'call-sign', header: 'Call sign', sortField: 'call_sign', cell: (plane) => plane.call_sign ?? '—' },
          { key: 'type', header: 'Type', sortField: 'type', cell: (plane) => plane.type ?? '—' },
          { key: 'category', header: 'Category', cell: (plane) => (plane.category ? aircraftCategoryLabels[plane.category] : 'Not set') },
          { key: 'notes', header: 'Notes', cell: (plane) => plane.notes ?? '—' },
        ]}
        rows={fleet.data?.items}
        getRowKey={(plane) => plane.id}
        isLoading={fleet.isPending}
        error={fleet.error}
        emptyText={search ? 'No aircraft match this search.' : 'No aircraft yet.'}
        total={fleet.data?.total}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        sort={sort}
        onSortChange={(next) => setValues({ sort: next.field, order: next.order })}
      />
      <Modal
        title="Add aircraft"
        content={
          isAdding ? (
            <AircraftForm
              title="Add aircraft"
              isPending={create.isPending}
              error={create.error}
              onCancel={() => setIsAdding(false)}
              onSubmit={(input) =>
                create.mutate(input, {
                  onSuccess: (plane) => {
                    notify.success(`${plane.tail_number} added`);
                    setIsAdding(false);
                  },
                })
              }
            />
          ) : null
        }
        onRequestClose={() => setIsAdding(false)}
      />
    </div>
  );
}
