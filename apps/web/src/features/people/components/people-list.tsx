import { getRoleLabel, type AssignableRole, type Person, type userSortFields } from '@skylog/contracts';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { useDeletePerson } from '../api/delete-person.ts';
import { usePeople } from '../api/get-people.ts';
import { InviteDialog } from './invite-dialog.tsx';
import { useListState } from '../../../lib/use-list-state.ts';

type SortField = (typeof userSortFields)[number];

type PeopleListProps = {
  label: string;
  role?: 'instructor' | 'student';
  subOrgId?: string;
  getDetailHref?: (person: Person) => string;
  canAdd?: boolean;
  canDelete?: (person: Person) => boolean;
  /** Row action Edit: the screen opens its editor for the person. */
  onEdit?: ((person: Person) => void) | undefined;
  canEdit?: (person: Person) => boolean;
  inviteRoles?: readonly AssignableRole[];
  subOrgs?: ReadonlyArray<{ id: string; name: string }>;
};

const pageSize = 10;

/** Instructors, students or a sub-organization's members: search, sort, pages with the exact total. */
export function PeopleList({ label, role, subOrgId, getDetailHref, canAdd = false, canDelete, onEdit, canEdit = () => true, inviteRoles, subOrgs = [] }: PeopleListProps) {
  const { search, setSearch, page, setPage, searchQuery } = useListState();
  const [sort, setSort] = useState<{ field: SortField; order: 'asc' | 'desc' }>({ field: 'name', order: 'asc' });
  const [isInviting, setIsInviting] = useState(false);
  const people = usePeople({ role, sub_org_id: subOrgId, search: searchQuery, page, page_size: pageSize, sort: sort.field, order: sort.order });
  const deletePerson = useDeletePerson();

  const handleDelete = (person: Person) => {
    if (!window.confirm(`Delete ${person.name ?? person.email}? Their account is removed and they can no longer sign in.`)) return;
    deletePerson.mutate(person.skylog_id, {
      onSuccess: () => notify.success(`${person.name ?? person.email} was deleted`),
      onError: (error) => notify.error(error.message),
    });
  };

  const columns: Column<Person>[] = [
    {
      key: 'name',
      header: 'Name',
      sortField: 'name',
      cell: (person) =>
        getDetailHref ? (
          <Link to={getDetailHref(person)} className="font-medium text-brand-700 hover:underline">
            {person.name ?? person.email}
          </Link>
        ) : (
          <span className="font-medium">{person.name ?? person.email}</span>
        ),
    },
    { key: 'email', header: 'E-mail', sortField: 'email', cell: (person) => person.email },
    ...(role ? [] : [{ key: 'role', header: 'Role', sortField: 'user_type', cell: (person: Person) => getRoleLabel(person.user_type) }]),
    { key: 'sub-org', header: 'Sub-organization', cell: (person) => person.sub_org_name ?? '—' },
    { key: 'program', header: 'Program', cell: (person) => person.program ?? '—' },
    { key: 'phone', header: 'Phone', cell: (person) => person.phone ?? '—' },
    { key: 'status', header: 'Status', cell: (person) => (person.is_active ? 'Active' : 'Deactivated') },
  ];
  if (canDelete || onEdit) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      className: 'text-right whitespace-nowrap',
      cell: (person) => (
        <>
          {onEdit && canEdit(person) ? (
            <button
              type="button"
              aria-label={`Edit ${person.name ?? person.email}`}
              onClick={() => onEdit(person)}
              className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            >
              <Pencil size={16} aria-hidden />
            </button>
          ) : null}
          {canDelete?.(person) ? (
            <button
              type="button"
              aria-label={`Delete ${person.name ?? person.email}`}
              onClick={() => handleDelete(person)}
              className="rounded p-1 text-slate-500 hover:bg-red-50 hover:text-red-700"
            >
              <Trash2 size={16} aria-hidden />
            </button>
          ) : null}
        </>
      ),
    });
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SearchInput
          label={`Search ${label.toLowerCase()}`}
          placeholder="Search by name, e-mail or licence"
          value={search}
          onChange={setSearch}
        />
        {canAdd && inviteRoles ? (
          <Button onClick={() => setIsInviting(true)}>
            <Plus size={16} aria-hidden className="mr-1" />
            Add {role ?? 'person'}
          </Button>
        ) : null}
      </div>
      <DataTable
        label={label}
        columns={columns}
        rows={people.data?.items}
        getRowKey={(person) => person.skylog_id}
        isLoading={people.isPending}
        error={people.error}
        emptyText={search ? 'Nobody matches this search.' : 'Nobody here yet.'}
        total={people.data?.total}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        sort={sort}
        onSortChange={(next) => setSort(next as { field: SortField; order: 'asc' | 'desc' })}
      />
      {inviteRoles ? (
        <InviteDialog isOpen={isInviting} onClose={() => setIsInviting(false)} title={`Add ${role ?? 'person'}`} roles={inviteRoles} subOrgs={subOrgs} />
      ) : null}
    </div>
  );
}
