import { messages } from '@skylog/contracts';
import { Screen } from '../../../components/ui/screen.tsx';
import { paths } from '../../../config/paths.ts';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { PilotLogbook } from '../../../features/logbook/components/pilot-logbook.tsx';
import { logbookViewer } from '../../../features/logbook/components/viewer.ts';
import { canOpen } from '../../../lib/can-open.ts';
import { canCallOperation } from '../../../lib/operation-access.ts';

/** The signed-in person's own logbook; an instructor reaches their signing queue from it. */
export function Component() {
  const me = useMe().data;
  return (
    <Screen
      title="Logbook"
      description="Your flights as 14 CFR 61.51 asks them logged, filled from each flight's track, with your instructor's signatures."
    >
      {me ? (
        <PilotLogbook
          personId={me.skylog_id}
          viewer={logbookViewer(me)}
          signingHref={
            canCallOperation(me.user_type, 'logbook.sign') && canOpen(me, paths.dashboard.logbookSigning.path)
              ? paths.dashboard.logbookSigning.path
              : null
          }
        />
      ) : (
        <p className="text-sm text-slate-600">{messages.loading}</p>
      )}
    </Screen>
  );
}
