import type { Person } from '@skylog/contracts';
import { Trash2 } from 'lucide-react';
import { useConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { useDeletePerson } from '../api/delete-person.ts';

/** Delete after a confirmation: the account is removed and can no longer sign in. */
export function DeletePersonButton({ person, onDeleted }: { person: Person; onDeleted?: (() => void) | undefined }) {
  const deletePerson = useDeletePerson();
  const confirm = useConfirmDialog();
  const name = person.name ?? person.email;

  const handleDelete = async () => {
    const isConfirmed = await confirm.ask({
      title: `Delete ${name}?`,
      message: 'Their account is removed and they can no longer sign in.',
      confirmLabel: 'Delete',
    });
    if (!isConfirmed) return;
    deletePerson.mutate(person.skylog_id, {
      onSuccess: () => {
        notify.success(`${name} was deleted`);
        onDeleted?.();
      },
      onError: (error) => notify.error(error.message),
    });
  };

  return (
    <>
      <button
        type="button"
        aria-label={`Delete ${name}`}
        onClick={() => void handleDelete()}
        disabled={deletePerson.isPending}
        className="rounded p-1 text-slate-500 hover:bg-red-50 hover:text-red-700"
      >
        <Trash2 size={16} aria-hidden />
      </button>
      {confirm.dialog}
    </>
  );
}
