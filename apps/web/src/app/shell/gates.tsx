import { canCallOperation, decideRouteAccess, isSubOrgRole, messages, type Me } from '@skylog/contracts';
import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { reportAccessDenial } from '../../features/access/api/report-access-denial.ts';
import { clearCheckoutValues, getCheckoutValues, getPaymentPreparingHref, storeCheckoutValues } from '../../lib/checkout-storage.ts';
import { recordLocalDenial } from '../../lib/local-audit.ts';

/**
 * Spec §4 paid gate: a paid account forgets the temporary checkout values; an account explicitly
 * unpaid with a stored price and organization goes on to /payment-preparing. A new school's admin chose
 * the plan at registration, before the organization existed: their own organization is the one to pay for.
 */
export function usePaidGate(me: Me) {
  const navigate = useNavigate();
  useEffect(() => {
    if (me.is_paid) {
      clearCheckoutValues();
      return;
    }
    const values = getCheckoutValues();
    if (values.priceId && !values.orgId && me.org_id && canCallOperation(me.user_type, 'billing.checkout')) storeCheckoutValues({ orgId: me.org_id });
    const href = getPaymentPreparingHref(getCheckoutValues());
    if (href) navigate(href, { replace: true });
  }, [me.is_paid, me.org_id, me.user_type, navigate]);
}

/**
 * Spec §4 role gate, for navigation only (the server guards the data): allowed when the path is a
 * known route and ends with the user's own skylog_id or the role is among the route's roles.
 */
export function RoleGate({ me, children }: { me: Me; children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // decisions.md #3: a super admin without an authenticator app is held at Account security until they add one.
  const isSetupDue = me.two_factor_setup_required && pathname !== paths.accountSecurity.path;
  const decision = decideRouteAccess(pathname, me.user_type, me.skylog_id);

  useEffect(() => {
    if (isSetupDue) {
      navigate(paths.accountSecurity.path, { replace: true });
      return;
    }
    if (decision.isAllowed) return;
    if (isSubOrgRole(me.user_type)) {
      navigate(paths.configuration.subOrganization.path, { replace: true });
      return;
    }
    recordLocalDenial(me.skylog_id, me.user_type, pathname, decision.isSelfAccess);
    // The server's audit is the record; a failure to report is only logged (spec §8).
    reportAccessDenial(pathname).catch((error: unknown) => console.error('Failed to write the audit log', error));
    navigate(paths.unauthorized.path, { replace: true, state: { message: messages.permissionDenied, from: pathname } });
  }, [decision.isAllowed, decision.isSelfAccess, isSetupDue, me.skylog_id, me.user_type, navigate, pathname]);

  return decision.isAllowed && !isSetupDue ? children : <p className="p-6 text-sm text-slate-600">{messages.loading}</p>;
}
