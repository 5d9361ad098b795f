import { CrewMembers } from './crew-members.tsx';
import { getRoleLabel, messages, type Person, type Relation } from '@skylog/contracts';
import { Link2, Unlink } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { useAddRelations, useDeleteRelation } from '../api/change-relations.ts';
import { usePeople } from '../api/get-people.ts';
import { usePerson } from '../api/get-person.ts';
import { useRelations } from '../api/get-relations.ts';
import { DeletePersonButton } from './delete-person-button.tsx';
import { EditPersonButton } from './edit-person-button.tsx';

type PersonDetailProps = {
  id: string;
  kind: 'instructor' | 'student';
  /** Link Student / Link Instructor, for roles with the permission (docs/product.md "Buttons within screens"). */
  canLink: boolean;
  /** Why linking is not possible for this viewer, e.g. an instructor without organization. */
  linkBlockedReason?: string | null;
  /** Where a linked person's name leads, when the viewer may open that page. */
  getLinkedHref?: ((id: string) => string) | undefined;
  /** Edit, for roles with the permission: the screen opens its editor; shown when the server marks the person `can_edit`. */
  onEdit?: ((person: Person) => void) | undefined;
  /** Delete, for roles with the permission; shown when the server marks the person `can_delete`. */
  canDelete?: boolean;
  onDeleted?: () => void;
};

/** Profile fields and the linked instructors or students, with Link and remove. */
export function PersonDetail({ id, kind, canLink, linkBlockedReason = null, getLinkedHref, onEdit, canDelete = false, onDeleted }: PersonDetailProps) {
  const person = usePerson(id);
  const relations = useRelations(kind === 'instructor' ? { instructor: id } : { student: id });
  const deleteRelation = useDeleteRelation();
  const [isLinking, setIsLinking] = useState(false);
  const confirm = useConfirmDialog();
  const otherKind = kind === 'instructor' ? 'student' : 'instructor';
  const linkLabel = kind === 'instructor' ? 'Link Student' : 'Link Instructor';

  if (person.isPending) return <p className="text-sm text-slate-600">{messages.loading}</p>;
  if (person.error) return <Alert tone="error">{person.error.message}</Alert>;
  const data = person.data;
  const linked = (relations.data?.items ?? []).map((relation) =>
    kind === 'instructor'
      ? { id: relation.student, name: relation.student_name, relation }
      : { id: relation.instructor, name: relation.instructor_name, relation },
  );

  const handleUnlink = async (relation: Relation, name: string) => {
    const ownName = data.name ?? data.email;
    const [instructorName, studentName] = kind === 'instructor' ? [ownName, name] : [name, ownName];
    const isConfirmed = await confirm.ask({
      title: `Unlink ${name}?`,
      message: `${instructorName} will no longer be ${studentName}'s instructor, nor see ${studentName}'s flights through this link.`,
      confirmLabel: 'Unlink',
    });
    if (!isConfirmed) return;
    deleteRelation.mutate(
      { instructor: relation.instructor, student: relation.student },
      { onSuccess: () => notify.success(`${name} unlinked`), onError: (error) => notify.error(error.message) },
    );
  };

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm" aria-label="Profile">
        <div className="flex items-start justify-between gap-3">
          <h2 className="min-w-0 text-lg font-semibold break-words">{data.name ?? data.email}</h2>
          <div className="flex gap-1">
            {onEdit && data.can_edit ? <EditPersonButton person={data} onEdit={onEdit} /> : null}
            {canDelete && data.can_delete ? <DeletePersonButton person={data} onDeleted={onDeleted} /> : null}
          </div>
        </div>
        <p className="text-sm text-slate-600">
          {getRoleLabel(data.user_type)}
          {data.is_active ? '' : ' · Deactivated'}
        </p>
        <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm">
          <Field label="E-mail" value={data.email} />
          <Field label="Phone" value={data.phone} />
          <Field label="Organization" value={data.org_name} />
          <Field label="Sub-organization" value={data.sub_org_name} />
          <Field label="Program" value={data.program} />
          <Field label="License Number" value={data.license_number} />
          <Field label="Employment" value={data.fulltime ? 'Full Time' : 'Part Time'} />
          <Field label="International" value={data.international ? 'Yes' : 'No'} />
          <Field label="Ratings" value={data.certifications.length > 0 ? data.certifications.join(', ') : null} />
        </dl>
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm" aria-label={kind === 'instructor' ? 'Students' : 'Instructors'}>
        <div className="flex items-center justify-between">
          <h2 className="text-lg font-semibold">{kind === 'instructor' ? 'Students' : 'Instructors'}</h2>
          {canLink ? (
            <Button onClick={() => setIsLinking(true)} disabled={Boolean(linkBlockedReason)}>
              <Link2 size={16} aria-hidden className="mr-1" />
              {linkLabel}
            </Button>
          ) : null}
        </div>
        {canLink && linkBlockedReason ? (
          <p className="mt-2 text-sm text-amber-700">{linkBlockedReason}</p>
        ) : null}
        {relations.error ? <Alert tone="error">{relations.error.message}</Alert> : null}
        <ul className="mt-3 divide-y divide-slate-100" data-testid="linked-people">
          {linked.length === 0 && relations.isSuccess ? <li className="py-2 text-sm text-slate-500">No {otherKind}s linked yet.</li> : null}
          {linked.map((item) => (
            <li key={item.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              {getLinkedHref ? (
                <Link to={getLinkedHref(item.id)} className="min-w-0 break-words text-brand-700 hover:underline">
                  {item.name ?? item.id}
                </Link>
              ) : (
                <span className="min-w-0 break-words">{item.name ?? item.id}</span>
              )}
              {canLink ? (
                <button
                  type="button"
                  aria-label={`Unlink ${item.name ?? item.id}`}
                  onClick={() => void handleUnlink(item.relation, item.name ?? item.id)}
                  disabled={deleteRelation.isPending}
                  className="shrink-0 rounded p-1 text-slate-500 hover:bg-red-50 hover:text-red-700"
                >
                  <Unlink size={16} aria-hidden />
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <CrewMembers userId={id} />
      <Modal
        title={linkLabel}
        content={
          isLinking ? (
            <LinkForm id={id} kind={kind} title={linkLabel} linkedIds={linked.map((item) => item.id)} onDone={() => setIsLinking(false)} />
          ) : null
        }
        onRequestClose={() => setIsLinking(false)}
      />
      {confirm.dialog}
    </div>
  );
}

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <>
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="break-words text-slate-900">{value || '—'}</dd>
    </>
  );
}

/** Choose several people at once; all links are added in one request. */
function LinkForm({ id, kind, title, linkedIds, onDone }: { id: string; kind: 'instructor' | 'student'; title: string; linkedIds: string[]; onDone: () => void }) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const candidates = usePeople({ role: kind === 'instructor' ? 'student' : 'instructor', search: search.trim() || undefined, page_size: 100, status: 'active' });
  const addRelations = useAddRelations();
  const available = (candidates.data?.items ?? []).filter((person) => !linkedIds.includes(person.skylog_id));

  const handleSave = () =>
    addRelations.mutate(
      chosen.map((other) => (kind === 'instructor' ? { instructor: id, student: other } : { instructor: other, student: id })),
      {
        onSuccess: () => {
          notify.success(`${chosen.length} linked`);
          onDone();
        },
      },
    );

  return (
    <div className="flex flex-col gap-4 p-6">
      <h2 className="text-lg font-semibold">{title}</h2>
      {addRelations.error ? <Alert tone="error">{addRelations.error.message}</Alert> : null}
      <input
        type="search"
        aria-label="Search people"
        placeholder="Search by name or e-mail"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        className="rounded-md border border-slate-300 px-3 py-2 text-sm"
      />
      {candidates.error ? <Alert tone="error">{candidates.error.message}</Alert> : null}
      <ul className="max-h-80 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200">
        {available.length === 0 && candidates.isSuccess ? <li className="p-3 text-sm text-slate-500">Nobody left to link.</li> : null}
        {available.map((person) => (
          <li key={person.skylog_id}>
            <label className="flex items-center gap-3 px-3 py-2 text-sm hover:bg-slate-50">
              <input
                type="checkbox"
                checked={chosen.includes(person.skylog_id)}
                onChange={(event) =>
                  setChosen(event.target.checked ? [...chosen, person.skylog_id] : chosen.filter((item) => item !== person.skylog_id))
                }
              />
              <span className="flex min-w-0 flex-col sm:flex-row sm:gap-3">
                <span className="font-medium">{person.name ?? person.email}</span>
                <span className="break-all text-slate-500">{person.email}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={handleSave} isLoading={addRelations.isPending} disabled={chosen.length === 0}>
          Link {chosen.length > 0 ? chosen.length : ''}
        </Button>
      </div>
    </div>
  );
}
