import { ComingSoon } from '../../../components/ui/screen.tsx';

export function Component() {
  return <ComingSoon title="Overview" description="Flights and hours this week and month, students, instructors, aircraft and markers across your organization." />;
}
