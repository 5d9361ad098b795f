import { ComingSoon } from '../../../components/ui/screen.tsx';

export function Component() {
  return <ComingSoon title="Cable Collection" description="Which recorder cables have been collected, when and by whom." />;
}
