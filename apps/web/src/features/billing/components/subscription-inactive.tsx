import { messages, type BillingState } from '@skylog/contracts';
import { Link } from 'react-router';
import { landingPath, paths } from '../../../config/paths.ts';
import { BillingLoaded } from './billing-loaded.tsx';

/**
 * The payment hold (docs/product.md "Billing and the payment hold"), for a member of a school whose subscription is not
 * active who cannot pay for it: what is happening and whom to ask (the school's administrators), never a plan they
 * could not buy.
 */
export function SubscriptionInactive() {
  return <BillingLoaded>{(state) => <Standing state={state} />}</BillingLoaded>;
}

function Standing({ state: { is_paid: isPaid, contacts, org_id: orgId } }: { state: BillingState }) {
  if (isPaid) {
    return (
      <section className="flex flex-col items-start gap-2 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-sm text-slate-700">Your school&apos;s Skylog subscription is active.</p>
        <Link to={landingPath} className="text-sm text-brand-600 hover:underline">
          Open the dashboard
        </Link>
      </section>
    );
  }
  return (
    <section aria-labelledby="subscription-inactive-title" className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-6 shadow-sm">
      <h2 id="subscription-inactive-title" className="text-lg font-semibold text-amber-950">
        Your school&apos;s subscription is not active
      </h2>
      <p className="text-sm text-amber-950">
        Skylog is paused for everyone at your school until an administrator pays for a plan. Your flights and training records
        are kept, and open again as soon as the payment goes through.
      </p>
      {!orgId ? (
        <p className="text-sm text-amber-950">{messages.billingNeedsOrganization}</p>
      ) : contacts.length > 0 ? (
        <div className="flex flex-col gap-1 text-sm text-amber-950">
          <p>Ask one of your school&apos;s administrators to choose a plan on the Billing screen:</p>
          <ul aria-label="Your school's administrators" className="list-disc pl-5">
            {contacts.map((contact) => (
              <li key={contact.email}>
                {contact.name ? `${contact.name}, ` : ''}
                <a href={`mailto:${contact.email}`} className="text-brand-700 hover:underline">
                  {contact.email}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-amber-950">Ask your school&apos;s administrator to choose a plan on the Billing screen.</p>
      )}
      <p className="text-sm text-amber-950">
        Meanwhile your profile and{' '}
        <Link to={paths.accountSecurity.path} className="text-brand-700 hover:underline">
          account security
        </Link>{' '}
        stay open.
      </p>
    </section>
  );
}
