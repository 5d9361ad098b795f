import { zodResolver } from '@hookform/resolvers/zod';
import { logbookMessages, logbookSignBodySchema, type LogbookEntry } from '@skylog/contracts';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { showServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useSignEntry } from '../api/sign-entry.ts';
import { useSignerCertificateNumber } from '../api/signer-certificate.ts';
import { hoursText, routeText } from './entry-values.ts';
import { ReauthFields, reauthFieldNames, requireReauthentication } from '../../../components/reauth-fields.tsx';

const signFormSchema = logbookSignBodySchema.superRefine(requireReauthentication);
type SignInput = z.input<typeof signFormSchema>;
type SignOutput = z.output<typeof signFormSchema>;

/** The instructor signs one entry: the dialog opens while `entry` is set. */
export function SignDialog({
  entry,
  hasAuthenticator,
  onClose,
}: {
  entry: LogbookEntry | null;
  hasAuthenticator: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      title="Sign the entry"
      content={entry ? <SignForm entry={entry} hasAuthenticator={hasAuthenticator} onClose={onClose} /> : null}
      onRequestClose={onClose}
    />
  );
}

function SignForm({ entry, hasAuthenticator, onClose }: { entry: LogbookEntry; hasAuthenticator: boolean; onClose: () => void }) {
  const sign = useSignEntry();
  const certificateNumber = useSignerCertificateNumber();
  const form = useForm<SignInput, unknown, SignOutput>({
    resolver: zodResolver(signFormSchema),
    defaultValues: { certificate_number: certificateNumber, certificate_expires: '' },
  });
  const handleSubmit = (body: SignOutput) =>
    sign.mutate(
      { id: entry.id, body },
      {
        onSuccess: () => {
          notify.success(logbookMessages.entrySigned);
          onClose();
        },
        onError: (error) => showServerFieldErrors(form.setError, error, reauthFieldNames),
      },
    );
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(handleSubmit)} className="flex flex-col gap-4 p-6" noValidate>
        <h2 className="text-lg font-semibold">Sign the entry</h2>
        <p className="text-sm text-slate-700">
          {entry.pilot.name ?? 'The pilot'}, {entry.date}:{' '}
          {entry.aircraft_identification ?? entry.aircraft_make_model ?? 'aircraft not named'}, {routeText(entry.route)},{' '}
          {hoursText(entry.total_hours)} h total, {hoursText(entry.dual_received_hours)} h dual received.
        </p>
        {sign.error ? <Alert tone="error">{sign.error.message}</Alert> : null}
        <ReauthFields hasAuthenticator={hasAuthenticator} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={sign.isPending}>
            Sign
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
