import { messages } from '@skylog/contracts';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { useDeleteSubOrg, useUpdateSubOrg } from '../api/change-sub-org.ts';
import { useSubOrg } from '../api/get-sub-org.ts';
import { SubOrgForm } from './sub-org-form.tsx';

/** A sub-organization's details with edit and delete (delete refuses while it has members). */
export function SubOrgDetail({ id, canEdit, canDelete, onDeleted }: { id: string; canEdit: boolean; canDelete: boolean; onDeleted: () => void }) {
  const subOrg = useSubOrg(id);
  const update = useUpdateSubOrg();
  const remove = useDeleteSubOrg();
  const [isEditing, setIsEditing] = useState(false);
  const confirm = useConfirmDialog();

  if (subOrg.isPending) return <p className="text-sm text-slate-600">{messages.loading}</p>;
  if (subOrg.error) return <Alert tone="error">{subOrg.error.message}</Alert>;
  const data = subOrg.data;

  const handleDelete = async () => {
    const isConfirmed = await confirm.ask({
      title: `Delete ${data.name}?`,
      message: 'The sub-organization is removed. One that still has members cannot be deleted.',
      confirmLabel: 'Delete',
    });
    if (!isConfirmed) return;
    remove.mutate(id, {
      onSuccess: () => {
        notify.success(`${data.name} deleted`);
        onDeleted();
      },
      onError: (error) => notify.error(error.message || messages.deleteSubOrgFailed),
    });
  };

  return (
    <section className="flex flex-wrap items-start justify-between gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" aria-label="Sub-organization">
      <div>
        <h2 className="text-lg font-semibold" data-testid="sub-org-name">
          {data.name}
        </h2>
        <p className="text-sm text-slate-600">{data.description ?? 'No description.'}</p>
      </div>
      <div className="flex gap-2">
        {canEdit ? (
          <Button variant="secondary" onClick={() => setIsEditing(true)}>
            <Pencil size={14} aria-hidden className="mr-1" /> Edit
          </Button>
        ) : null}
        {canDelete ? (
          <Button variant="secondary" onClick={() => void handleDelete()} isLoading={remove.isPending}>
            <Trash2 size={14} aria-hidden className="mr-1" /> Delete
          </Button>
        ) : null}
      </div>
      <Modal
        title="Edit sub-organization"
        content={
          isEditing ? (
            <SubOrgForm
              title="Edit sub-organization"
              submitLabel="Save"
              initial={{ name: data.name, description: data.description }}
              isPending={update.isPending}
              error={update.error}
              onCancel={() => setIsEditing(false)}
              onSubmit={(input) =>
                update.mutate({ id, ...input }, {
                  onSuccess: () => {
                    notify.success('Sub-organization updated');
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
