import { aircraftCategoryLabels, messages } from '@skylog/contracts';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { useDeleteAircraft, useUpdateAircraft } from '../api/change-aircraft.ts';
import { useAircraft } from '../api/get-aircraft.ts';
import { AircraftForm } from './aircraft-form.tsx';

export function AircraftDetail({ id, canEdit, onDeleted }: { id: string; canEdit: boolean; onDeleted: () => void }) {
  const plane = useAircraft(id);
  const update = useUpdateAircraft();
  const remove = useDeleteAircraft();
  const [isEditing, setIsEditing] = useState(false);
  const confirm = useConfirmDialog();

  if (plane.isPending) return <p className="text-sm text-slate-600">{messages.loading}</p>;
  if (plane.error) return <Alert tone="error">{plane.error.message}</Alert>;
  const data = plane.data;

  const handleDelete = async () => {
    const isConfirmed = await confirm.ask({
      title: `Remove ${data.tail_number} from the fleet?`,
      message: 'Its flights stay, but no longer name an aircraft.',
      confirmLabel: 'Remove',
    });
    if (!isConfirmed) return;
    remove.mutate(id, {
      onSuccess: () => {
        notify.success(`${data.tail_number} removed`);
        onDeleted();
      },
      onError: (error) => notify.error(error.message),
    });
  };

  return (
    <section aria-label="Aircraft" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 className="text-2xl font-semibold tracking-tight" data-testid="tail-number">
            {data.tail_number}
          </h2>
          <p className="text-sm text-slate-600">
            {[data.call_sign, data.type, data.category ? aircraftCategoryLabels[data.category] : null].filter(Boolean).join(' · ') || '—'}
          </p>
        </div>
        {canEdit ? (
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setIsEditing(true)}>
              <Pencil size={14} aria-hidden className="mr-1" /> Edit
            </Button>
            <Button variant="secondary" onClick={() => void handleDelete()} isLoading={remove.isPending}>
              <Trash2 size={14} aria-hidden className="mr-1" /> Remove
            </Button>
          </div>
        ) : null}
      </div>
      <p className="mt-4 whitespace-pre-line text-sm text-slate-700">{data.notes ?? 'No notes.'}</p>
      <Modal
        title="Edit aircraft"
        content={
          isEditing ? (
            <AircraftForm
              title={`Edit ${data.tail_number}`}
              initial={data}
              isPending={update.isPending}
              error={update.error}
              onCancel={() => setIsEditing(false)}
              onSubmit={(input) =>
                update.mutate({ id, ...input }, {
                  onSuccess: () => {
                    notify.success('Aircraft updated');
                    setIsEditing(false);
                  },
                })
              }
            />
          ) : null
        }
        onRequestClose={() => setIsEditing(false)}
      />
      {confirm.dialog}
    </section>
  );
}
