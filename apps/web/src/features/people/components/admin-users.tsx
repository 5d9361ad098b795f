import { getGrantableRoles, getRoleLabel, messages, type AssignableRole, type Person, type Role } from '@skylog/contracts';
import { Plus, Send } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { usePeople } from '../api/get-people.ts';
import { useInvitations, useResendInvitation } from '../api/invitations.ts';
import { useUpdatePerson, type PersonChange } from '../api/update-person.ts';
import { InviteDialog } from './invite-dialog.tsx';
import { useListState } from '../../../lib/use-list-state.ts';

const pageSize = 10;

type AdminUsersProps = {
  /** The roles offered when inviting and changing a role: those the viewer may grant. */
  viewerRole: Role;
  subOrgs: ReadonlyArray<{ id: string; name: string; org_id: string }>;
  /** super_admin: every organization, to list across them and move people between them. */
  orgs?: ReadonlyArray<{ id: string; name: string }>;
};

/** The organization's people: invite, change role and sub-organization, deactivate or reactivate; open invitations. */
export function AdminUsers({ viewerRole, subOrgs, orgs }: AdminUsersProps) {
  const { search, setSearch, page, setPage, searchQuery } = useListState();
  const [isInviting, setIsInviting] = useState(false);
  const [isAllOrgs, setIsAllOrgs] = useState(false);
  const people = usePeople({ search: searchQuery, org_id: isAllOrgs ? 'all' : undefined, page, page_size: pageSize, sort: 'name', order: 'asc' });
  const update = useUpdatePerson();
  const grantable = getGrantableRoles(viewerRole);

  const apply = (change: PersonChange, done: string) =>
    update.mutate(change, { onSuccess: () => notify.success(done), onError: (error) => notify.error(error.message) });

  // The server says whom the viewer may administer: their reach, roles they could grant, never themselves.
  const isLocked = (person: Person) => !person.can_administer;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <SearchInput
            label="Search people"
            placeholder="Search by name or e-mail"
            value={search}
            onChange={setSearch}
          />
          {orgs ? (
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={isAllOrgs}
                onChange={(event) => {
                  setIsAllOrgs(event.target.checked);
                  setPage(0);
                }}
              />
              All organizations
            </label>
          ) : null}
          <Button onClick={() => setIsInviting(true)}>
            <Plus size={16} aria-hidden className="mr-1" /> Invite
          </Button>
        </div>
        <DataTable
          label="Users"
          columns={[
            {
              key: 'name',
              header: 'Name',
              cell: (person) => (
                <div>
                  <p className="font-medium">{person.name ?? '—'}</p>
                  <p className="text-xs text-slate-500">{person.email}</p>
                </div>
              ),
            },
            {
              key: 'role',
              header: 'Role',
              cell: (person) =>
                isLocked(person) ? (
                  getRoleLabel(person.user_type)
                ) : (
                  <select
                    aria-label={`Role of ${person.name ?? person.email}`}
                    value={person.user_type}
                    onChange={(event) =>
                      apply({ kind: 'role', id: person.skylog_id, role: event.target.value as AssignableRole }, `${person.name ?? person.email} is now ${getRoleLabel(event.target.value)}`)
                    }
                    className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                  >
                    {grantable.map((role) => (
                      <option key={role} value={role}>
                        {getRoleLabel(role)}
                      </option>
                    ))}
                  </select>
                ),
            },
            ...(orgs
              ? [
                  {
                    key: 'org',
                    header: 'Organization',
                    cell: (person: Person) =>
                      isLocked(person) ? (
                        (person.org_name ?? '—')
                      ) : (
                        <select
                          aria-label={`Organization of ${person.name ?? person.email}`}
                          value={person.org_id ?? ''}
                          onChange={(event) =>
                            apply({ kind: 'assignment', id: person.skylog_id, orgId: event.target.value || null }, `${person.name ?? person.email} moved`)
                          }
                          className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                        >
                          <option value="">None</option>
                          {orgs.map((org) => (
                            <option key={org.id} value={org.id}>
                              {org.name}
                            </option>
                          ))}
                        </select>
                      ),
                  },
                ]
              : []),
            {
              key: 'sub-org',
              header: 'Sub-organization',
              cell: (person) =>
                // Only people of the organization whose sub-organizations are listed can be moved between them.
                isLocked(person) || !subOrgs.some((subOrg) => subOrg.org_id === person.org_id) ? (
                  (person.sub_org_name ?? '—')
                ) : (
                  <select
                    aria-label={`Sub-organization of ${person.name ?? person.email}`}
                    value={person.sub_org_id ?? ''}
                    onChange={(event) =>
                      apply({ kind: 'assignment', id: person.skylog_id, subOrgId: event.target.value || null }, `${person.name ?? person.email} moved`)
                    }
                    className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
                  >
                    <option value="">None</option>
                    {subOrgs.map((subOrg) => (
                      <option key={subOrg.id} value={subOrg.id}>
                        {subOrg.name}
                      </option>
                    ))}
                  </select>
                ),
            },
            {
              key: 'status',
              header: 'Status',
              cell: (person) =>
                isLocked(person) ? (
                  person.is_active ? 'Active' : 'Deactivated'
                ) : (
                  <Button
                    variant="secondary"
                    className="!px-2 !py-1 text-xs"
                    onClick={() =>
                      apply(
                        { kind: 'active', id: person.skylog_id, isActive: !person.is_active },
                        `${person.name ?? person.email} ${person.is_active ? 'deactivated' : 'reactivated'}`,
                      )
                    }
                  >
                    {person.is_active ? 'Deactivate' : 'Reactivate'}
                  </Button>
                ),
            },
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
      <PendingInvitations />
      <InviteDialog isOpen={isInviting} onClose={() => setIsInviting(false)} title="Invite someone" roles={grantable} subOrgs={subOrgs} />
    </div>
  );
}

function PendingInvitations() {
  const invitations = useInvitations();
  const resend = useResendInvitation();
  return (
    <section aria-label="Open invitations" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="text-base font-semibold">Open invitations</h2>
      {invitations.error ? <p role="alert" className="text-sm text-red-700">{invitations.error.message}</p> : null}
      {invitations.isPending ? <p className="text-sm text-slate-500">{messages.loading}</p> : null}
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {invitations.data?.items.length === 0 ? <li className="py-2 text-slate-500">No open invitations.</li> : null}
        {invitations.data?.items.map((invitation) => (
          <li key={invitation.id} className="flex items-center justify-between gap-3 py-2">
            <span>
              <span className="font-medium">{invitation.email}</span> · {getRoleLabel(invitation.user_type)} · until{' '}
              {new Date(invitation.expires_at).toLocaleDateString()}
            </span>
            <Button
              variant="secondary"
              className="!px-2 !py-1 text-xs"
              onClick={() =>
                resend.mutate(invitation.id, {
                  onSuccess: () => notify.success(`New invitation sent to ${invitation.email}`),
                  onError: (error) => notify.error(error.message),
                })
              }
            >
              <Send size={12} aria-hidden className="mr-1" /> Resend
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
