import { componentPermissions, getRoleLabel, roles, routeRules, type Role } from '@skylog/contracts';
import { operationAccess } from '../../../lib/operation-access.ts';

const roleHeader = (role: Role) => getRoleLabel(role) || role;

function Check({ isAllowed }: { isAllowed: boolean }) {
  return <span aria-label={isAllowed ? 'allowed' : 'not allowed'}>{isAllowed ? '✓' : '·'}</span>;
}

function Matrix({ label, rows }: { label: string; rows: ReadonlyArray<{ name: string; allowed: (role: Role) => boolean }> }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-sm" aria-label={label}>
        <thead className="bg-slate-50 text-xs text-slate-500">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              {label}
            </th>
            {roles.map((role) => (
              <th key={role} scope="col" className="px-2 py-2 text-center font-medium">
                {roleHeader(role)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.name}>
              <th scope="row" className="px-3 py-1.5 text-left font-mono text-xs font-normal text-slate-800">
                {row.name}
              </th>
              {roles.map((role) => (
                <td key={role} className="px-2 py-1.5 text-center text-emerald-700">
                  <Check isAllowed={row.allowed(role)} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The route-access, component-permission and API tables exactly as the app and the server use them. */
export function AccessTables() {
  return (
    <div className="flex flex-col gap-4">
      <Matrix label="Page" rows={routeRules.map((rule) => ({ name: rule.path, allowed: (role) => (rule.rbac as readonly string[]).includes(role) }))} />
      <p className="text-xs text-slate-500">Anyone may also open a page whose address ends with their own Skylog ID.</p>
      <Matrix
        label="Action"
        rows={Object.entries(componentPermissions).map(([name, allowed]) => ({ name, allowed: (role) => (allowed as readonly string[]).includes(role) }))}
      />
      <Matrix
        label="API operation"
        rows={Object.entries(operationAccess).map(([name, access]) => ({
          name: typeof access === 'string' ? `${name} (${access})` : name,
          allowed: (role) => (typeof access === 'string' ? true : (access as readonly string[]).includes(role)),
        }))}
      />
    </div>
  );
}
