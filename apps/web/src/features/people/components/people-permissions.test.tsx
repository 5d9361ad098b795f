import type { Person } from '@skylog/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '../../../test-utils.tsx';
import { AdminUsers } from './admin-users.tsx';
import { CableCollectionList } from './cable-collection-list.tsx';
import { PeopleList } from './people-list.tsx';

const orgId = '0b6c1f7e-1c1d-4b8e-9a51-1f2e3d4c5b6a';

function person(name: string, index: number, rights: Pick<Person, 'can_edit' | 'can_administer' | 'can_delete'>): Person {
  return {
    skylog_id: `5f0f0f0f-0000-4000-8000-00000000000${index}`,
    auth_id: null,
    name,
    email: `${name.toLowerCase().replace(' ', '.')}@skyline.test`,
    phone: null,
    program: '141',
    license_number: null,
    international: false,
    fulltime: false,
    certifications: [],
    user_type: 'student',
    org_id: orgId,
    sub_org_id: null,
    cable_collections: false,
    is_paid: true,
    is_active: true,
    org_name: 'Skyline Flight Academy',
    sub_org_name: null,
    cable_collected_at: null,
    cable_collected_by: null,
    cable_collected_by_name: null,
    created_at: '2026-01-31T09:00:00Z',
    ...rights,
  };
}

// What the server answers for each person: the web shows buttons by these, never by rules of its own.
const ownStudent = person('Ada Own', 1, { can_edit: true, can_administer: false, can_delete: true });
const otherStudent = person('Ben Other', 2, { can_edit: false, can_administer: false, can_delete: false });
const administered = person('Cleo Managed', 3, { can_edit: true, can_administer: true, can_delete: true });

function serve(items: Person[]) {
  stubApi((call) =>
    call.url.startsWith('/api/users')
      ? { status: 200, body: { items, total: items.length } }
      : { status: 200, body: { items: [], total: 0 } },
  );
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

describe("people screens follow the server's per-person answers", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a list shows Edit and Delete only on the rows the server marks can_edit and can_delete', async () => {
    serve([ownStudent, otherStudent]);
    renderWithProviders(<PeopleList label="Students" role="student" canDelete onEdit={() => undefined} />);
    await screen.findByText('Ada Own');
    expect(within(row('Ada Own')).getByRole('button', { name: 'Edit Ada Own' })).toBeTruthy();
    expect(within(row('Ada Own')).getByRole('button', { name: 'Delete Ada Own' })).toBeTruthy();
    expect(within(row('Ben Other')).queryAllByRole('button')).toEqual([]);
  });

  it("without the screen's delete permission no row offers Delete", async () => {
    serve([ownStudent]);
    renderWithProviders(<PeopleList label="Students" role="student" onEdit={() => undefined} />);
    await screen.findByText('Ada Own');
    expect(within(row('Ada Own')).queryByRole('button', { name: 'Delete Ada Own' })).toBeNull();
    expect(within(row('Ada Own')).getByRole('button', { name: 'Edit Ada Own' })).toBeTruthy();
  });

  it('the Admin screen offers role, sub-organization and status controls only for people marked can_administer', async () => {
    serve([administered, ownStudent]);
    renderWithProviders(
      <AdminUsers viewerRole="org_admin" subOrgs={[{ id: '7a0f0f0f-0000-4000-8000-000000000001', name: 'North', org_id: orgId }]} />,
    );
    await screen.findByText('Cleo Managed');
    expect(within(row('Cleo Managed')).getByLabelText('Role of Cleo Managed')).toBeTruthy();
    expect(within(row('Cleo Managed')).getByLabelText('Sub-organization of Cleo Managed')).toBeTruthy();
    expect(within(row('Cleo Managed')).getByRole('button', { name: 'Deactivate' })).toBeTruthy();
    expect(within(row('Ada Own')).queryByRole('combobox')).toBeNull();
    expect(within(row('Ada Own')).queryByRole('button')).toBeNull();
  });

  it('the cable switch changes only for people marked can_administer', async () => {
    serve([administered, otherStudent]);
    renderWithProviders(<CableCollectionList subOrgs={[]} />);
    await screen.findByText('Cleo Managed');
    expect((screen.getByRole('switch', { name: 'Cable collected from Cleo Managed' }) as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByRole('switch', { name: 'Cable collected from Ben Other' }) as HTMLInputElement).disabled).toBe(true);
  });
});
