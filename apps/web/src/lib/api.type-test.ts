/**
 * Compile-time checks of the typed client, run by `npm run typecheck`: each `@ts-expect-error` must meet an
 * error, so a call that sends a wrong body or reads a field the contract does not declare stops the build.
 */
import { api } from './api.ts';

export async function typedClientRefusesWhatTheContractDoesNot(): Promise<void> {
  // @ts-expect-error the tail number is a string
  await api.aircraft.create({ body: { tail_number: 42, call_sign: null, type: null, category: null, notes: null } });
  // @ts-expect-error an aircraft has no `colour`
  await api.aircraft.update({ params: { id: 'a' }, body: { colour: 'red' } });
  // @ts-expect-error the path's id is required
  await api.aircraft.read({ params: {} });
  const aircraft = await api.aircraft.read({ params: { id: 'a' } });
  // @ts-expect-error the answer has `tail_number`, not `tailNumber`
  void aircraft.tailNumber;
  const fleet = await api.aircraft.list({ query: { page: 0, page_size: 10, sort: 'tail_number', order: 'asc' } });
  // @ts-expect-error the list's total is a number
  const total: string = fleet.total;
  void total;
}
