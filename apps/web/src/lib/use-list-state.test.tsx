import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUrlListState } from './use-list-state.ts';

const defaults = { search: '', status: '', sort: 'begin_time' };

function List() {
  const { values, page, setValues, setPage } = useUrlListState(defaults);
  const location = useLocation();
  return (
    <div>
      <input aria-label="Search" value={values.search} onChange={(event) => setValues({ search: event.target.value }, { replace: true })} />
      <button type="button" onClick={() => setValues({ status: 'debriefed' })}>
        Debriefed
      </button>
      <button type="button" onClick={() => setPage(page + 1)}>
        Next
      </button>
      <output aria-label="View">{`${values.search}|${values.status}|${values.sort}|${page}`}</output>
      <output aria-label="Address">{location.search}</output>
    </div>
  );
}

/** A data router, as the app has: it commits a new address after the event that asked for it. */
function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/flights', element: <List /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const view = () => screen.getByLabelText('View').textContent;
const address = () => screen.getByLabelText('Address').textContent;

describe('useUrlListState: a list kept in the address', () => {
  it('reads its values and its page (counted from 1) from the address, defaults for the rest', () => {
    renderAt('/flights?search=KPAO&page=3&other=kept');
    expect(view()).toBe('KPAO||begin_time|2');
  });

  it('takes a page the address cannot mean as the first', () => {
    renderAt('/flights?page=zero');
    expect(view()).toBe('||begin_time|0');
  });

  it('writes each change to the address, leaving defaults and other parameters as they are; a change of filter starts from page 1', async () => {
    renderAt('/flights?other=kept');
    fireEvent.click(screen.getByText('Next'));
    await waitFor(() => expect(address()).toBe('?other=kept&page=2'));
    fireEvent.click(screen.getByText('Debriefed'));
    expect(view()).toBe('|debriefed|begin_time|0');
    await waitFor(() => expect(address()).toBe('?other=kept&status=debriefed'));
  });

  it('shows what was typed at once, even before the address has it, and keeps every letter', async () => {
    renderAt('/flights');
    const input = screen.getByLabelText<HTMLInputElement>('Search');
    fireEvent.change(input, { target: { value: 'K' } });
    fireEvent.change(input, { target: { value: 'KP' } });
    fireEvent.change(input, { target: { value: 'KPA' } });
    expect(input.value).toBe('KPA');
    await waitFor(() => expect(address()).toBe('?search=KPA'));
    expect(input.value).toBe('KPA');
  });

  it('follows the address when it changes from elsewhere (Back, a link)', async () => {
    const router = renderAt('/flights?search=KPAO');
    await act(() => router.navigate('/flights?status=debriefed&page=2'));
    expect(view()).toBe('|debriefed|begin_time|1');
    await act(() => router.navigate(-1));
    expect(view()).toBe('KPAO||begin_time|0');
  });
});
