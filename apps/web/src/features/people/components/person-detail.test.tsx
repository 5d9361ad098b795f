import type { Person } from '@skylog/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi, type ApiCall } from '../../../test-utils.tsx';
import { PersonDetail } from './person-detail.tsx';

const instructorId = '5f0f0f0f-0000-4000-8000-000000000001';
const studentId = '5f0f0f0f-0000-4000-8000-000000000002';

const instructor: Person = {
  skylog_id: instructorId,
  auth_id: null,
  name: 'Ana Costa',
  email: 'ana.costa@skyline.test',
  phone: null,
  program: '141',
  license_number: null,
  international: false,
  fulltime: false,
  certifications: [],
  user_type: 'instructor',
  org_id: '0b6c1f7e-1c1d-4b8e-9a51-1f2e3d4c5b6a',
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
  can_edit: true,
  can_administer: true,
  can_delete: true,
};

function serve(): ApiCall[] {
  return stubApi((call) => {
    if (call.url === `/api/users/${instructorId}`) return { status: 200, body: instructor };
    if (call.method === 'GET' && call.url.startsWith('/api/student-instructor'))
      return {
        status: 200,
        body: {
          items: [{ instructor: instructorId, student: studentId, instructor_name: 'Ana Costa', student_name: 'Priya Shah' }],
          total: 1,
        },
      };
    return { status: 204 };
  });
}

const deletions = (calls: ApiCall[]) => calls.filter((call) => call.method === 'DELETE');

describe('PersonDetail: unlink asks first, in the app’s own dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('Cancel keeps the link; Unlink removes exactly that link', async () => {
    const calls = serve();
    renderWithProviders(<PersonDetail id={instructorId} kind="instructor" canLink />);
    const unlink = await screen.findByRole('button', { name: 'Unlink Priya Shah' });

    fireEvent.click(unlink);
    const dialog = await screen.findByRole('dialog', { name: 'Unlink Priya Shah?' });
    expect(
      within(dialog).getByText("Ana Costa will no longer be Priya Shah's instructor, nor see Priya Shah's flights through this link."),
    ).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' })));
    expect(deletions(calls)).toEqual([]);

    fireEvent.click(unlink);
    const confirmButton = within(await screen.findByRole('dialog', { name: 'Unlink Priya Shah?' })).getByRole('button', { name: 'Unlink' });
    await act(async () => fireEvent.click(confirmButton));
    await waitFor(() =>
      expect(deletions(calls).map((call) => call.url)).toEqual([`/api/student-instructor?instructor=${instructorId}&student=${studentId}`]),
    );
  });

  it('offers no Unlink to someone who may not link', async () => {
    serve();
    renderWithProviders(<PersonDetail id={instructorId} kind="instructor" canLink={false} />);
    expect(await screen.findByText('Priya Shah')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Unlink/ })).toBeNull();
  });
});
