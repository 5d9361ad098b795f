import { messages } from '@skylog/contracts';
import { useParams } from 'react-router';
import { Screen } from '../../../components/ui/screen.tsx';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { useLogbookSummary } from '../../../features/logbook/api/get-logbook.ts';
import { PilotLogbook } from '../../../features/logbook/components/pilot-logbook.tsx';
import { logbookViewer } from '../../../features/logbook/components/viewer.ts';
import { useBreadcrumbTitle } from '../../shell/breadcrumbs.tsx';

/** A person's logbook, as their instructor or the school's administrators read it (the server decides who may). */
export function Component() {
  const id = useParams().skylog_id!;
  const me = useMe().data;
  useBreadcrumbTitle(useLogbookSummary(id).data?.pilot.name);
  return (
    <Screen title="Logbook">
      {me ? (
        <PilotLogbook personId={id} viewer={logbookViewer(me)} signingHref={null} />
      ) : (
        <p className="text-sm text-slate-600">{messages.loading}</p>
      )}
    </Screen>
  );
}
