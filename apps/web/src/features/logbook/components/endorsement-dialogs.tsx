import { zodResolver } from '@hookform/resolvers/zod';
import {
  endorsementCreateSchema,
  endorsementKinds,
  endorsementRequestCreateSchema,
  endorsementTemplates,
  endorsementText,
  logbookMessages,
  type EndorsementRequest,
} from '@skylog/contracts';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { showServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useEndorse, useRequestEndorsement } from '../api/endorsements.ts';
import { useSignerCertificateNumber } from '../api/signer-certificate.ts';
import { asOptionalText } from './entry-values.ts';
import { ReauthFields, reauthFieldNames, requireReauthentication } from '../../../components/reauth-fields.tsx';

const kindOptions = endorsementKinds.map((kind) => ({
  value: kind,
  label: `${endorsementTemplates[kind].title} (${endorsementTemplates[kind].regulation})`,
}));

/** Whom an endorsement is for, and the request it answers, if any. */
export type EndorsementTarget = { student: { skylog_id: string; name: string | null }; request?: EndorsementRequest };

const endorseFormSchema = endorsementCreateSchema.superRefine(requireReauthentication).superRefine((values, context) => {
  if (endorsementTemplates[values.kind].needsAircraft && !values.aircraft_make_model)
    context.addIssue({ code: 'custom', message: logbookMessages.endorsementNeedsAircraft, path: ['aircraft_make_model'] });
});
type EndorseInput = z.input<typeof endorseFormSchema>;
type EndorseOutput = z.output<typeof endorseFormSchema>;

/** The student's instructor gives an endorsement (AC 61-65), signed as entries are: the dialog opens while `target` is set. */
export function EndorseDialog({
  target,
  hasAuthenticator,
  onClose,
}: {
  target: EndorsementTarget | null;
  hasAuthenticator: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      title="Give an endorsement"
      content={target ? <EndorseForm target={target} hasAuthenticator={hasAuthenticator} onClose={onClose} /> : null}
      onRequestClose={onClose}
    />
  );
}

function EndorseForm({ target, hasAuthenticator, onClose }: { target: EndorsementTarget; hasAuthenticator: boolean; onClose: () => void }) {
  const endorse = useEndorse();
  const certificateNumber = useSignerCertificateNumber();
  const form = useForm<EndorseInput, unknown, EndorseOutput>({
    resolver: zodResolver(endorseFormSchema),
    defaultValues: {
      kind: target.request?.kind ?? 'pre_solo_knowledge',
      certificate_number: certificateNumber,
      certificate_expires: '',
      ...(target.request ? { request_id: target.request.id } : {}),
    },
  });
  const kind = form.watch('kind');
  const aircraft = form.watch('aircraft_make_model');
  const template = endorsementTemplates[kind];
  const studentName = target.student.name ?? 'the student';
  const handleSubmit = (body: EndorseOutput) =>
    endorse.mutate(
      { studentId: target.student.skylog_id, body },
      {
        onSuccess: () => {
          notify.success(logbookMessages.endorsementGiven);
          onClose();
        },
        onError: (error) => showServerFieldErrors(form.setError, error, [...reauthFieldNames, 'kind', 'aircraft_make_model']),
      },
    );
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(handleSubmit)} className="flex flex-col gap-4 p-6" noValidate>
        <h2 className="text-lg font-semibold">Give {studentName} an endorsement</h2>
        {target.request?.note ? <p className="text-sm text-slate-700">Their note: “{target.request.note}”</p> : null}
        {endorse.error ? <Alert tone="error">{endorse.error.message}</Alert> : null}
        <SelectInput label="Endorsement" options={kindOptions} {...form.register('kind')} error={form.formState.errors.kind?.message} />
        {template.needsAircraft ? (
          <TextInput
            label="Aircraft make and model"
            placeholder="e.g. Cessna 172S"
            {...form.register('aircraft_make_model', { setValueAs: asOptionalText })}
            error={form.formState.errors.aircraft_make_model?.message}
          />
        ) : null}
        <blockquote className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
          {endorsementText(kind, { student: studentName, aircraft: aircraft ?? null, expires: '(the day it lapses, set when you sign)' })}
        </blockquote>
        <ReauthFields hasAuthenticator={hasAuthenticator} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={endorse.isPending}>
            Sign the endorsement
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

type RequestInput = z.input<typeof endorsementRequestCreateSchema>;
type RequestOutput = z.output<typeof endorsementRequestCreateSchema>;

/** A student asks their instructor for an endorsement, with a note. */
export function RequestEndorsementDialog({ studentId, isOpen, onClose }: { studentId: string; isOpen: boolean; onClose: () => void }) {
  return (
    <Modal
      title="Request an endorsement"
      content={isOpen ? <RequestForm studentId={studentId} onClose={onClose} /> : null}
      onRequestClose={onClose}
    />
  );
}

function RequestForm({ studentId, onClose }: { studentId: string; onClose: () => void }) {
  const request = useRequestEndorsement(studentId);
  const form = useForm<RequestInput, unknown, RequestOutput>({
    resolver: zodResolver(endorsementRequestCreateSchema),
    defaultValues: { kind: 'pre_solo_knowledge' },
  });
  const handleSubmit = (body: RequestOutput) =>
    request.mutate(body, {
      onSuccess: () => {
        notify.success(logbookMessages.endorsementRequested);
        onClose();
      },
      onError: (error) => showServerFieldErrors(form.setError, error, ['kind', 'note']),
    });
  return (
    <form onSubmit={form.handleSubmit(handleSubmit)} className="flex flex-col gap-4 p-6" noValidate>
      <h2 className="text-lg font-semibold">Request an endorsement</h2>
      {request.error ? <Alert tone="error">{request.error.message}</Alert> : null}
      <SelectInput label="Endorsement" options={kindOptions} {...form.register('kind')} error={form.formState.errors.kind?.message} />
      <TextareaField label="Note for your instructor" {...form.register('note', { setValueAs: asOptionalText })} />
      {form.formState.errors.note ? <p className="text-xs text-red-600">{form.formState.errors.note.message}</p> : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" isLoading={request.isPending}>
          Send the request
        </Button>
      </div>
    </form>
  );
}
