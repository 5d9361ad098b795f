import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { Screen } from '../../../components/ui/screen.tsx';
import { paths } from '../../../config/paths.ts';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { useTrip } from '../../../features/flight-review/api/get-trip.ts';
import { FlightReview } from '../../../features/flight-review/components/flight-review.tsx';
import { TripNotFound } from '../../../features/flights/components/trip-not-found.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useBreadcrumbTitle } from '../../shell/breadcrumbs.tsx';

// The flight's lessons load after the screen: most flights have none, and the map, charts and player come first.
const TripLessonsPanel = lazy(async () => ({ default: (await import('../../../features/training/components/trip-lessons-panel.tsx')).TripLessonsPanel }));

export function Component() {
  const id = useParams().id!;
  const trip = useTrip(id);
  const viewerRole = useMe().data?.user_type;
  useBreadcrumbTitle(trip.data?.trip_name);
  // Out of reach answers 404; an address whose id is no flight id at all answers 400. Neither is worth a retry.
  const isNotFound = trip.error instanceof ApiError && (trip.error.status === 404 || trip.error.status === 400);
  return (
    <Screen title="Flight review">
      {isNotFound ? <TripNotFound flightsHref={paths.dashboard.flights.path} /> : <FlightReview id={id} viewerRole={viewerRole} />}
      {/* The lessons graded on the flight, and linking it to a student's lesson (docs/product.md "Lessons and grading"). */}
      {trip.data ? (
        <Suspense fallback={null}>
          <TripLessonsPanel tripId={id} />
        </Suspense>
      ) : null}
    </Screen>
  );
}
