import { messages } from '@skylog/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useTrip } from '../api/get-trip.ts';
import { FlightReviewScreen } from './flight-review-screen.tsx';

/**
 * The flight review screen once its trip is read: "Loading…" until then, and a failure with a retry. A flight
 * out of reach (404, or an address that is no flight id) is the route's Trip not found, never this screen.
 * `viewerRole` decides what the transcript panel says when no transcription provider is set up.
 */
export function FlightReview({ id, viewerRole }: { id: string; viewerRole: string | undefined }) {
  // The route's loader has already asked for everything the screen reads (api/prefetch-flight.ts).
  const trip = useTrip(id);
  if (trip.isPending) return <p className="text-sm text-slate-600">{messages.loading}</p>;
  if (trip.error) {
    return (
      <div className="flex flex-col items-start gap-2">
        <Alert tone="error">
          {messages.fetchTripsFailed}: {trip.error.message}
        </Alert>
        <Button variant="secondary" onClick={() => void trip.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <FlightReviewScreen trip={trip.data} viewerRole={viewerRole} />;
}
