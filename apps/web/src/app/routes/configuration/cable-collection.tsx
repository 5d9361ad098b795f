import { Screen } from '../../../components/ui/screen.tsx';
import { CableCollectionList } from '../../../features/people/components/cable-collection-list.tsx';

export function Component() {
  return (
    <Screen title="Cable Collection" description="Which recorder cables have been collected, when and by whom.">
      <CableCollectionList />
    </Screen>
  );
}
