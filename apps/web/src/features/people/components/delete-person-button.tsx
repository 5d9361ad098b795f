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
    // Awaited rather than given as mutate's callbacks: the deleted person's page stops showing them (and this
    // button) while the lists refresh, and React Query drops the callbacks of an unmounted caller.
    try {
      await deletePerson.mutateAsync(person.skylog_id);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : String(error));
      return;
    }
    notify.success(`${name} was deleted`);
    onDeleted?.();
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
