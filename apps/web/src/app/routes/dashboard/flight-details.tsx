import { useParams } from 'react-router';
import { Screen } from '../../../components/ui/screen.tsx';
import { useTrip } from '../../../features/flight-review/api/get-trip.ts';
import { FlightReview } from '../../../features/flight-review/components/flight-review.tsx';
import { useBreadcrumbTitle } from '../../shell/breadcrumbs.tsx';

export function Component() {
  const id = useParams().id!;
  useBreadcrumbTitle(useTrip(id).data?.trip_name);
  return (
    <Screen title="Flight review">
      <FlightReview id={id} />
    </Screen>
  );
}
