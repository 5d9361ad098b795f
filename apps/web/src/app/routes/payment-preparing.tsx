import { useSearchParams } from 'react-router';
import { AuthCard } from '../../components/ui/auth-card.tsx';

/** The checkout hand-off of spec §2; checkout itself arrives with billing. */
export function Component() {
  const [searchParams] = useSearchParams();
  return (
    <AuthCard title="Preparing your checkout" subtitle="Your plan and organization are kept while payment is prepared.">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-700">
        <dt className="font-medium">Price</dt>
        <dd data-testid="checkout-price">{searchParams.get('price_id') ?? '—'}</dd>
        <dt className="font-medium">Organization</dt>
        <dd data-testid="checkout-org">{searchParams.get('org_id') ?? '—'}</dd>
        <dt className="font-medium">Cable price</dt>
        <dd data-testid="checkout-cable-price">{searchParams.get('cable_price') || '—'}</dd>
        {searchParams.has('coupon') ? (
          <>
            <dt className="font-medium">Coupon</dt>
            <dd data-testid="checkout-coupon">{searchParams.get('coupon')}</dd>
          </>
        ) : null}
      </dl>
      <p className="mt-4 text-sm text-slate-600">Billing is not configured on this installation yet, so no payment can be taken.</p>
    </AuthCard>
  );
}
