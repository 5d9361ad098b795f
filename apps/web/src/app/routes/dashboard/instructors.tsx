import { ComingSoon } from '../../../components/ui/screen.tsx';

export function Component() {
  return <ComingSoon title="Instructors" description="The instructors of your organization and the students they teach." />;
}
