import { messages } from '@skylog/contracts';
import { Link } from 'react-router';

/** A flight that does not exist, is out of reach, or whose address is no flight id at all. */
export function TripNotFound({ flightsHref }: { flightsHref: string }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-2 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-lg font-semibold text-slate-900">{messages.tripNotFound}</h2>
      <p className="text-sm text-slate-600">It may have been deleted, or it is not shared with you.</p>
      <Link to={flightsHref} className="text-sm font-medium text-brand-600 hover:underline">
        Back to Flights
      </Link>
    </div>
  );
}
