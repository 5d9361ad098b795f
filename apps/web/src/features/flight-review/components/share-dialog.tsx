import { messages, type TripDetail, type TripPerson } from '@skylog/contracts';
import { X } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { useShareCandidates } from '../api/get-share-candidates.ts';
import { useShareTrip } from '../api/share-trip.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';

const personLabel = (person: Pick<TripPerson, 'name' | 'email'>) => person.name || person.email;

/** Choose the people of the organization who may see this flight; saving replaces the list. */
export function ShareForm({ trip, onClose }: { trip: TripDetail; onClose: () => void }) {
  const [selected, setSelected] = useState<TripPerson[]>(trip.shared_with);
  const [search, setSearch] = useState('');
  const people = useShareCandidates(trip.trip_id, useDebouncedValue(search.trim(), 300));
  const share = useShareTrip(trip.trip_id);
  const selectedIds = new Set(selected.map((person) => person.skylog_id));
  const candidates = (people.data?.items ?? []).filter((person) => person.skylog_id !== trip.owner?.skylog_id);

  const handleToggle = (person: TripPerson) =>
    setSelected(selectedIds.has(person.skylog_id) ? selected.filter((item) => item.skylog_id !== person.skylog_id) : [...selected, person]);

  const handleSave = () =>
    share.mutate(
      { tripId: trip.trip_id, sharedWith: selected.map((person) => person.skylog_id) },
      {
        onSuccess: () => {
          notify.success('Sharing saved');
          onClose();
        },
      },
    );

  return (
    <div className="flex flex-col gap-4 p-6">
      <div>
        <h2 className="text-lg font-semibold">Share {trip.trip_name}</h2>
        <p className="text-sm text-slate-600">People of your organization you share this flight with can replay it.</p>
      </div>
      {share.error ? (
        <Alert tone="error">
          {messages.storeChangesFailed}: {share.error.message}
        </Alert>
      ) : null}
      <ul aria-label="Shared with" className="flex min-h-8 flex-wrap gap-2">
        {selected.length === 0 ? <li className="text-sm text-slate-500">Not shared with anyone.</li> : null}
        {selected.map((person) => (
          <li
            key={person.skylog_id}
            className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm text-brand-700"
          >
            {personLabel(person)}
            <button
              type="button"
              aria-label={`Stop sharing with ${personLabel(person)}`}
              onClick={() => handleToggle(person)}
              className="rounded-full p-0.5 hover:bg-brand-100"
            >
              <X size={14} aria-hidden />
            </button>
          </li>
        ))}
      </ul>
      <SearchInput label="Search people" placeholder="Search people by name or e-mail" value={search} onChange={setSearch} />
      {people.error ? (
        <Alert tone="error">
          {messages.fetchUsersFailed}: {people.error.message}
        </Alert>
      ) : people.isPending ? (
        <p className="text-sm text-slate-600">{messages.loading}</p>
      ) : (
        <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200">
          {candidates.length === 0 ? <li className="px-3 py-2 text-sm text-slate-500">Nobody matches.</li> : null}
          {candidates.map((person) => (
            <li key={person.skylog_id}>
              <label className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-slate-50">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand-600"
                  checked={selectedIds.has(person.skylog_id)}
                  onChange={() => handleToggle(person)}
                />
                <span className="flex flex-col">
                  <span className="text-slate-900">{personLabel(person)}</span>
                  <span className="text-xs text-slate-500">{person.email}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={handleSave} isLoading={share.isPending}>
          Save
        </Button>
      </div>
    </div>
  );
}
