import { messages } from '@skylog/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { useLogbookEntry, useTripLogbookEntries } from '../api/get-entry.ts';
import { LogbookEntry } from './logbook-entry.tsx';

/** One entry on its own screen, headed by its date and pilot. */
type LogbookEntryScreenProps = {
  id: string;
  hasAuthenticator: boolean;
  /** Where to go once it is deleted: the pilot's logbook, given the pilot. */
  onDeleted: (pilotId: string) => void;
};

export function LogbookEntryScreen({ id, hasAuthenticator, onDeleted }: LogbookEntryScreenProps) {
  const entry = useLogbookEntry(id);
  if (entry.isError) return <Alert tone="error">{entry.error.message}</Alert>;
  if (entry.isPending) return <p className="text-sm text-slate-600">{messages.loading}</p>;
  const heading = `${entry.data.date}${entry.data.pilot.name ? ` — ${entry.data.pilot.name}` : ''}`;
  const pilotId = entry.data.pilot.skylog_id;
  return <LogbookEntry entry={entry.data} heading={heading} hasAuthenticator={hasAuthenticator} onDeleted={() => onDeleted(pilotId)} />;
}

/** A flight's entries, one per pilot aboard, each headed by the pilot's name. */
export function TripLogbookEntries({ tripId, hasAuthenticator }: { tripId: string; hasAuthenticator: boolean }) {
  const entries = useTripLogbookEntries(tripId);
  if (entries.isError) return <Alert tone="error">{entries.error.message}</Alert>;
  if (entries.isPending) return <p className="text-sm text-slate-600">{messages.loading}</p>;
  if (entries.data.items.length === 0)
    return <p className="text-sm text-slate-600">No pilot aboard this flight keeps a logbook entry for it.</p>;
  return (
    <>
      {entries.data.items.map((entry) => (
        <LogbookEntry key={entry.id} entry={entry} heading={entry.pilot.name ?? 'Pilot'} hasAuthenticator={hasAuthenticator} />
      ))}
    </>
  );
}
