import { getRoleLabel, userListQuerySchema, type AssignableRole, type Person } from '@skylog/contracts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import { SubOrgSelect } from '../../../components/ui/sub-org-select.tsx';
import { usePeople } from '../api/get-people.ts';
import { DeletePersonButton } from './delete-person-button.tsx';
import { EditPersonButton } from './edit-person-button.tsx';
import { InviteDialog } from './invite-dialog.tsx';
import { checkedSort, checkedValue, useUrlListState } from '../../../lib/use-list-state.ts';

type PeopleListProps = {
  label: string;
  role?: 'instructor' | 'student';
  subOrgId?: string;
  getDetailHref?: (person: Person) => string;
  canAdd?: boolean;
  /**
   * Row action Delete, for roles with the permission (docs/product.md "Buttons within screens"); shown on the rows the
   * server marks `can_delete`.
   */
  canDelete?: boolean;
  /** Row action Edit, for roles with the permission: the screen opens its editor; shown on the rows the server marks `can_edit`. */
  onEdit?: ((person: Person) => void) | undefined;
  inviteRoles?: readonly AssignableRole[];
  subOrgs?: ReadonlyArray<{ id: string; name: string }>;
};

const pageSize = 10;

/** What the address keeps (a link from the Overview may hold `status=active&sub_org_id=…`). */
const listDefaults = { search: '', status: '', sub_org_id: '', sort: 'name', order: 'asc' };
const { shape } = userListQuerySchema;

/**
 * Instructors, students or a sub-organization's members: search, status and sub-organization filters,
 * sort, pages with the exact total, all kept in the address.
 */
export function PeopleList({ label, role, subOrgId, getDetailHref, canAdd = false, canDelete = false, onEdit, inviteRoles, subOrgs = [] }: PeopleListProps) {
  const { values, setValues, page, setPage } = useUrlListState(listDefaults);
  const sort = checkedSort(shape, values, { field: 'name', order: 'asc' });
  const [isInviting, setIsInviting] = useState(false);
  const canFilterSubOrg = !subOrgId && subOrgs.length > 0;
  const people = usePeople({
    role,
    sub_org_id: subOrgId ?? (canFilterSubOrg ? checkedValue(shape.sub_org_id, values.sub_org_id) : undefined),
    status: checkedValue(shape.status, values.status),
    search: values.search.trim() || undefined,
    page,
    page_size: pageSize,
    sort: sort.field,
    order: sort.order,
  });

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
          {onEdit && person.can_edit ? <EditPersonButton person={person} onEdit={onEdit} /> : null}
          {canDelete && person.can_delete ? <DeletePersonButton person={person} /> : null}
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
          value={values.search}
          onChange={(search) => setValues({ search }, { replace: true })}
        />
        <div className="flex flex-wrap items-end gap-3">
          <SelectInput
            label="Status"
            value={values.status}
            onChange={(event) => setValues({ status: event.target.value })}
            options={[
              { value: '', label: 'Everyone' },
              { value: 'active', label: 'Active' },
              { value: 'inactive', label: 'Deactivated' },
            ]}
          />
          {canFilterSubOrg ? (
            <SubOrgSelect subOrgs={subOrgs} value={values.sub_org_id} onChange={(sub_org_id) => setValues({ sub_org_id })} />
          ) : null}
          {canAdd && inviteRoles ? (
            <Button onClick={() => setIsInviting(true)}>
              <Plus size={16} aria-hidden className="mr-1" />
              Add {role ?? 'person'}
            </Button>
          ) : null}
        </div>
      </div>
      <DataTable
        label={label}
        columns={columns}
        rows={people.data?.items}
        getRowKey={(person) => person.skylog_id}
        isLoading={people.isPending}
        error={people.error}
        emptyText={values.status || values.sub_org_id ? 'Nobody matches these filters.' : values.search ? 'Nobody matches this search.' : 'Nobody here yet.'}
        total={people.data?.total}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
        sort={sort}
        onSortChange={(next) => setValues({ sort: next.field, order: next.order })}
      />
      {inviteRoles ? (
        <InviteDialog isOpen={isInviting} onClose={() => setIsInviting(false)} title={`Add ${role ?? 'person'}`} roles={inviteRoles} subOrgs={subOrgs} />
      ) : null}
    </div>
  );
}
