import { getRoleLabel, messages, userListQuerySchema, type Person } from '@skylog/contracts';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import { SubOrgSelect } from '../../../components/ui/sub-org-select.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { usePeople } from '../api/get-people.ts';
import { useUpdatePerson } from '../api/update-person.ts';
import { checkedValue, useUrlListState } from '../../../lib/use-list-state.ts';

const pageSize = 10;
/** What the address keeps (the Overview links to `cable=not_collected`). */
const listDefaults = { search: '', cable: '', sub_org_id: '' };
const { shape } = userListQuerySchema;

function formatWhen(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';
}

/** Everyone of the organization with their recorder-cable state; the switch records when and by whom. */
export function CableCollectionList({ subOrgs }: { subOrgs: ReadonlyArray<{ id: string; name: string }> }) {
  const { values, setValues, page, setPage } = useUrlListState(listDefaults);
  const people = usePeople({
    cable: checkedValue(shape.cable, values.cable),
    sub_org_id: checkedValue(shape.sub_org_id, values.sub_org_id),
    search: values.search.trim() || undefined,
    page,
    page_size: pageSize,
    sort: 'name',
    order: 'asc',
  });
  const update = useUpdatePerson();

  const handleToggle = (person: Person) =>
    update.mutate(
      { kind: 'cable', id: person.skylog_id, isCollected: !person.cable_collections },
      { onError: () => notify.error(messages.updateCableCollectionFailed) },
    );

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <SearchInput
          label="Search people"
          placeholder="Search by name or e-mail"
          value={values.search}
          onChange={(search) => setValues({ search }, { replace: true })}
        />
        <SelectInput
          label="Cable"
          value={values.cable}
          onChange={(event) => setValues({ cable: event.target.value })}
          options={[
            { value: '', label: 'Everyone' },
            { value: 'collected', label: 'Collected' },
            { value: 'not_collected', label: 'Not collected' },
          ]}
        />
        {subOrgs.length > 0 ? (
          <SubOrgSelect subOrgs={subOrgs} value={values.sub_org_id} onChange={(sub_org_id) => setValues({ sub_org_id })} />
        ) : null}
      </div>
      <DataTable
        label="Cable collection"
        columns={[
          { key: 'name', header: 'Name', cell: (person) => <span className="font-medium">{person.name ?? person.email}</span> },
          { key: 'role', header: 'Role', cell: (person) => getRoleLabel(person.user_type) },
          { key: 'sub-org', header: 'Sub-organization', cell: (person) => person.sub_org_name ?? '—' },
          {
            key: 'cable',
            header: 'Cable collected',
            cell: (person) => (
              <label className="inline-flex items-center gap-2">
                <input
                  type="checkbox"
                  role="switch"
                  aria-label={`Cable collected from ${person.name ?? person.email}`}
                  checked={person.cable_collections}
                  disabled={!person.can_administer || (update.isPending && update.variables?.id === person.skylog_id)}
                  onChange={() => handleToggle(person)}
                  className="h-4 w-4 accent-brand-600"
                />
                {person.cable_collections ? 'Yes' : 'No'}
              </label>
            ),
          },
          { key: 'when', header: 'When', cell: (person) => formatWhen(person.cable_collected_at) },
          { key: 'by', header: 'By', cell: (person) => person.cable_collected_by_name ?? '—' },
        ]}
        rows={people.data?.items}
        getRowKey={(person) => person.skylog_id}
        isLoading={people.isPending}
        error={people.error}
        emptyText="Nobody matches."
        total={people.data?.total}
        page={page}
        pageSize={pageSize}
        onPageChange={setPage}
      />
    </div>
  );
}
