import { messages } from '@skylog/contracts';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { useCreateOrg, useRenameOrg } from '../api/change-org.ts';
import { useOrgs } from '../api/get-orgs.ts';

/** super_admin: every organization, create one, rename one. */
export function OrganizationsManager() {
  const orgs = useOrgs();
  const create = useCreateOrg();
  const rename = useRenameOrg();
  const [name, setName] = useState('');

  const handleCreate = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name.trim(), {
      onSuccess: (org) => {
        notify.success(`${org.name} created`);
        setName('');
      },
    });
  };

  const handleRename = (id: string, current: string) => {
    const next = window.prompt('New name', current)?.trim();
    if (!next || next === current) return;
    rename.mutate({ id, name: next }, { onSuccess: () => notify.success('Organization renamed'), onError: (error) => notify.error(error.message) });
  };

  return (
    <section aria-label="Organizations" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="text-base font-semibold">Organizations</h2>
      {orgs.error ? <Alert tone="error">{orgs.error.message}</Alert> : null}
      {create.error ? <Alert tone="error">{create.error.message}</Alert> : null}
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {orgs.isPending ? <li className="py-2 text-slate-500">{messages.loading}</li> : null}
        {orgs.data?.items.map((org) => (
          <li key={org.id} className="flex items-center justify-between py-2">
            <span className="font-medium">{org.name}</span>
            <Button variant="link" onClick={() => handleRename(org.id, org.name)}>
              Rename
            </Button>
          </li>
        ))}
      </ul>
      <form onSubmit={handleCreate} className="mt-3 flex gap-2">
        <input
          aria-label="New organization name"
          placeholder="New organization name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          className="flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
        <Button type="submit" isLoading={create.isPending} disabled={!name.trim()}>
          Add organization
        </Button>
      </form>
    </section>
  );
}
