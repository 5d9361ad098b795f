import { SelectInput } from './select-input.tsx';

type SubOrgSelectProps = {
  subOrgs: ReadonlyArray<{ id: string; name: string }>;
  value: string;
  onChange: (subOrgId: string) => void;
  /** What the empty choice reads ("All sub-organizations", "Whole organization"). */
  allLabel?: string;
};

/** The Sub-organization filter the lists and the Overview share: the whole organization, or one of its sub-organizations. */
export function SubOrgSelect({ subOrgs, value, onChange, allLabel = 'All sub-organizations' }: SubOrgSelectProps) {
  return (
    <SelectInput
      label="Sub-organization"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      options={[{ value: '', label: allLabel }, ...subOrgs.map((subOrg) => ({ value: subOrg.id, label: subOrg.name }))]}
    />
  );
}
