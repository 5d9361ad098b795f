import { decideRouteAccess, isSubOrgRole, messages, type Me } from '@skylog/contracts';
import { canCallOperation } from '../../lib/operation-access.ts';
import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { reportAccessDenial } from '../../features/access/api/report-access-denial.ts';
import { clearCheckoutValues, getCheckoutValues, getPaymentPreparingHref, storeCheckoutValues, type CheckoutValues } from '../../lib/checkout-storage.ts';
import { recordLocalDenial } from '../../lib/local-audit.ts';

/**
 * The checkout values for an account explicitly unpaid (docs/product.md "Billing and the payment hold"): the stored
 * ones; a new school's admin, who chose the plan at registration before the organization existed, pays for their own
 * organization. Null when paid.
 */
function paidGateValues(me: Me): CheckoutValues | null {
  if (me.is_paid) return null;
  const values = getCheckoutValues();
  const paysForOwn = values.priceId && !values.orgId && me.org_id && canCallOperation(me.user_type, 'billing.checkout');
  return paysForOwn ? { ...values, orgId: me.org_id } : values;
}

/** Whether the paid gate is sending this account on to /payment-preparing (then nothing else holds it). */
const isLeavingForCheckout = (me: Me) => {
  const values = paidGateValues(me);
  return values !== null && getPaymentPreparingHref(values) !== null;
};

/**
 * The paid gate (docs/product.md "Billing and the payment hold"): a paid account forgets the temporary checkout values;
 * an account explicitly unpaid with a stored price and organization goes on to /payment-preparing.
 */
export function usePaidGate(me: Me) {
  const navigate = useNavigate();
  useEffect(() => {
    const values = paidGateValues(me);
    if (!values) {
      clearCheckoutValues();
      return;
    }
    storeCheckoutValues({ orgId: values.orgId });
    const href = getPaymentPreparingHref(values);
    if (href) navigate(href, { replace: true });
  }, [me, navigate]);
}

/**
 * Where a member of a school without an active subscription is held (docs/product.md "Billing and the payment hold"),
 * or null when it pays (the server answers everything else 402 anyway). Those who pay for it are held on Billing, where
 * they choose a plan; everyone else on a page that says whom to ask.
 */
export function paymentHoldPath(me: Me): string | null {
  if (me.is_paid) return null;
  const billing = paths.configuration.billing.path;
  const paysHere = canCallOperation(me.user_type, 'billing.checkout') && decideRouteAccess(billing, me.user_type, me.skylog_id).isAllowed;
  return paysHere ? billing : paths.accountSubscription.path;
}

/**
 * The role gate (docs/product.md "Who opens which screen"), for navigation only (the server guards the data): allowed
 * when the path is a known route and ends with the user's own skylog_id or the role is among the route's roles.
 */
export function RoleGate({ me, children }: { me: Me; children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // A super admin without an authenticator app is held at Account security until they add one (docs/product.md "Sign-in and second step").
  const isSetupDue = me.two_factor_setup_required && pathname !== paths.accountSecurity.path;
  // An unpaid school's member is held where they can pay or learn whom to ask; their account security stays open.
  const holdPath = isLeavingForCheckout(me) ? null : paymentHoldPath(me);
  const isHeldElsewhere = holdPath !== null && pathname !== holdPath && pathname !== paths.accountSecurity.path;
  const decision = decideRouteAccess(pathname, me.user_type, me.skylog_id);

  useEffect(() => {
    if (isSetupDue) {
      navigate(paths.accountSecurity.path, { replace: true });
      return;
    }
    if (isHeldElsewhere && holdPath) {
      navigate(holdPath, { replace: true });
      return;
    }
    if (decision.isAllowed) return;
    if (isSubOrgRole(me.user_type)) {
      navigate(paths.configuration.subOrganization.path, { replace: true });
      return;
    }
    recordLocalDenial(me.skylog_id, me.user_type, pathname, decision.isSelfAccess);
    // The server's audit is the record; a failure to report is only logged (docs/product.md "The audit log and alerts").
    reportAccessDenial(pathname).catch((error: unknown) => console.error('Failed to write the audit log', error));
    navigate(paths.unauthorized.path, { replace: true, state: { message: messages.permissionDenied, from: pathname } });
  }, [decision.isAllowed, decision.isSelfAccess, holdPath, isHeldElsewhere, isSetupDue, me.skylog_id, me.user_type, navigate, pathname]);

  return decision.isAllowed && !isSetupDue && !isHeldElsewhere ? children : <p className="p-6 text-sm text-slate-600">{messages.loading}</p>;
}
