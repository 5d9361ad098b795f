import type { SubOrg } from '@skylog/contracts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { useCreateSubOrg } from '../api/change-sub-org.ts';
import { useSubOrgs } from '../api/get-sub-orgs.ts';
import { SubOrgForm } from './sub-org-form.tsx';
import { useUrlListState } from '../../../lib/use-list-state.ts';

const pageSize = 10;

const listDefaults = { search: '' };

/** Sub-organizations with member counts and the exact total; org admins may create them. Search and page live in the address. */
export function SubOrgList({ canCreate, getDetailHref }: { canCreate: boolean; getDetailHref: (subOrg: SubOrg) => string }) {
  const { values, setValues, page, setPage } = useUrlListState(listDefaults);
  const { search } = values;
  const [isCreating, setIsCreating] = useState(false);
  const subOrgs = useSubOrgs({ search: search.trim() || undefined, page, page_size: pageSize });
  const create = useCreateSubOrg();

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SearchInput
          label="Search sub-organizations"
          placeholder="Search by name"
          value={search}
          onChange={(text) => setValues({ search: text }, { replace: true })}
        />
        {canCreate ? (
          <Button onClick={() => setIsCreating(true)}>
            <Plus size={16} aria-hidden className="mr-1" />
            Add sub-organization
          </Button>
        ) : null}
      </div>
      <DataTable
        label="Sub-organizations"
        columns={[
          {
            key: 'name',
            header: 'Name',
            cell: (subOrg) => (
              <Link to={getDetailHref(subOrg)} className="font-medium text-brand-700 hover:underline">
                {subOrg.name}
              </Link>
            ),
          },
          { key: 'description', header: 'Description', cell: (subOrg) => subOrg.description ?? '—' },
          { key: 'members', header: 'Members', cell: (subOrg) => subOrg.member_count, className: 'text-right' },
          { key: 'trips', header: 'Flights', cell: (subOrg) => subOrg.trip_count, className: 'text-right' },
        ]}
        rows={subOrgs.data?.items}
        getRowKey={(subOrg) => subOrg.id}
        isLoading={subOrgs.isPending}
        error={subOrgs.error}
        emptyText="No sub-organizations yet."
        total={subOrgs.data?.total}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
      />
      <Modal
        title="Add sub-organization"
        content={
          isCreating ? (
            <SubOrgForm
              title="Add sub-organization"
              submitLabel="Create"
              isPending={create.isPending}
              error={create.error}
              onCancel={() => setIsCreating(false)}
              onSubmit={(input) =>
                create.mutate(input, {
                  onSuccess: (created) => {
                    notify.success(`${created.name} created`);
                    setIsCreating(false);
                  },
                })
              }
            />
          ) : null
        }
        onRequestClose={() => setIsCreating(false)}
      />
    </div>
  );
}
