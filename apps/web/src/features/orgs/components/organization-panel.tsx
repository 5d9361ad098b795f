import { limits, messages, type Role } from '@skylog/contracts';
import { Building2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useOrg } from '../api/get-org.ts';
import { useOrgs } from '../api/get-orgs.ts';
import { useSubOrg } from '../api/get-sub-org.ts';
import { useSwitchOrg } from '../api/switch-org.ts';

type OrganizationPanelProps = { role: Role; orgId: string | null; subOrgId: string | null };

/**
 * The sidebar's organization panel (docs/product.md "The shell"): the organization's name, or a note that there is
 * none; sub-organization admins also see their sub-organization; super_admin can switch.
 */
export function OrganizationPanel({ role, orgId, subOrgId }: OrganizationPanelProps) {
  const isSuperAdmin = role === 'super_admin';
  const isSubOrgAdmin = role === 'sub_org_admin' || role === 'sub_org_admin_secondary';
  // The organization is fetched for everyone but super_admin, who has the list of all organizations.
  const org = useOrg(isSuperAdmin ? null : orgId);
  const orgs = useOrgs({ isEnabled: isSuperAdmin });
  const subOrg = useSubOrg(isSubOrgAdmin ? subOrgId : null);

  const orgName = isSuperAdmin ? orgs.data?.items.find((item) => item.id === orgId)?.name : org.data?.name;
  const orgError = isSuperAdmin ? orgs.error : org.error;
  const isLoading = orgId !== null && (isSuperAdmin ? orgs.isPending : org.isPending);

  return (
    <section aria-label="Organization" className="rounded-lg border border-white/10 bg-white/5 p-3 text-sm" data-testid="organization-panel">
      <p className="flex items-center gap-2 text-xs uppercase tracking-wide text-slate-400">
        <Building2 size={14} aria-hidden /> Organization
      </p>
      {orgError ? (
        <p role="alert" className="mt-1 text-red-300">
          {orgError.message}
        </p>
      ) : isLoading ? (
        <p className="mt-1 text-slate-300">{messages.loading}</p>
      ) : orgName ? (
        <p className="mt-1 font-medium text-white" data-testid="organization-name">
          {orgName}
        </p>
      ) : (
        <>
          <p className="mt-1 font-semibold text-amber-300" data-testid="organization-name">
            {messages.noOrganization}
          </p>
          <p className="mt-1 text-xs leading-snug text-slate-300">{messages.noOrganizationNote}</p>
        </>
      )}
      {isSubOrgAdmin && subOrgId ? (
        subOrg.error ? (
          <p role="alert" className="mt-1 text-red-300">
            {subOrg.error.message}
          </p>
        ) : (
          <p className="mt-1 text-xs text-slate-300" data-testid="sub-organization-name">
            {subOrg.data?.name ?? messages.loading}
          </p>
        )
      ) : null}
      {isSuperAdmin ? <SwitchOrganization currentOrgId={orgId} orgs={orgs.data?.items ?? []} /> : null}
    </section>
  );
}

function SwitchOrganization({ currentOrgId, orgs }: { currentOrgId: string | null; orgs: ReadonlyArray<{ id: string; name: string }> }) {
  const switchOrg = useSwitchOrg();
  const navigate = useNavigate();
  const [switchedTo, setSwitchedTo] = useState<string | null>(null);
  const isSwitched = switchedTo !== null;

  // The notice shows for 700 ms, then the flights of the new organization open. Timed from when the notice is on
  // the page, not from the answer: the new organization's data reloading meanwhile must not shorten it.
  useEffect(() => {
    if (!switchedTo) return undefined;
    const timer = setTimeout(() => {
      setSwitchedTo(null);
      navigate(`/dashboard/flights?org_switched=${encodeURIComponent(switchedTo)}`);
    }, limits.orgSwitchNoticeMs);
    return () => clearTimeout(timer);
  }, [switchedTo, navigate]);

  const handleChange = (orgId: string) => switchOrg.mutate(orgId, { onSuccess: () => setSwitchedTo(orgId) });

  return (
    <div className="mt-3 flex flex-col gap-1">
      <label htmlFor="switch-organization" className="text-xs font-medium text-slate-300">
        Switch Organization
      </label>
      <select
        id="switch-organization"
        className="rounded-md border border-white/20 bg-slate-800 px-2 py-1 text-sm text-white"
        value=""
        disabled={switchOrg.isPending}
        onChange={(event) => event.target.value && handleChange(event.target.value)}
      >
        <option value="">Choose an organization</option>
        {orgs.map((org) => (
          <option key={org.id} value={org.id} disabled={org.id === currentOrgId}>
            {org.name}
          </option>
        ))}
      </select>
      <p className="text-xs text-slate-400">{messages.organizationSwitchNote}</p>
      {isSwitched ? (
        <p role="status" className="rounded bg-emerald-500/20 px-2 py-1 text-xs font-medium text-emerald-200">
          {messages.organizationSwitched}
        </p>
      ) : null}
      {switchOrg.error ? (
        <p role="alert" className="text-xs text-red-300">
          {switchOrg.error.message}
        </p>
      ) : null}
    </div>
  );
}
