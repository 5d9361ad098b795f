import type { SubscriptionStatus } from '@skylog/contracts';
import { useCallback } from 'react';
import { useSettingsStore, type Timezone } from '../../../lib/settings-store.ts';

/** Stripe's subscription statuses in words, with what they mean for the school where that is not obvious. */
export const subscriptionStatusLabels: Record<
  SubscriptionStatus,
  { label: string; note?: string; tone: 'good' | 'warning' | 'bad' | 'neutral' }
> = {
  active: { label: 'Active', tone: 'good' },
  trialing: { label: 'Trialing', note: 'Free trial: the first payment is taken when it ends.', tone: 'good' },
  past_due: { label: 'Past due', note: 'Payment failed, Stripe will retry. Skylog stays available meanwhile.', tone: 'warning' },
  canceled: { label: 'Canceled', tone: 'neutral' },
  unpaid: { label: 'Unpaid', note: 'Stripe could not collect the payment and stopped retrying.', tone: 'bad' },
  incomplete: { label: 'Incomplete', note: 'The first payment has not gone through yet.', tone: 'warning' },
  incomplete_expired: { label: 'Expired', note: 'The first payment never went through.', tone: 'neutral' },
  paused: { label: 'Paused', tone: 'neutral' },
};

/** "Paid", "Open", "Void"… as Stripe names an invoice's status. */
export function formatInvoiceStatus(status: string | null): string {
  if (!status) return '—';
  return status.charAt(0).toUpperCase() + status.slice(1).replaceAll('_', ' ');
}

const dateFormatters = new Map<Timezone, Intl.DateTimeFormat>();

function formatDate(value: string, timezone: Timezone): string {
  let formatter = dateFormatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      ...(timezone === 'UTC' ? { timeZone: 'UTC' } : {}),
    });
    dateFormatters.set(timezone, formatter);
  }
  return formatter.format(new Date(value));
}

/** "12 March 2026", on the calendar of the timezone the person reads times in (settings: Local or UTC). */
export function useFormatDate(): (value: string) => string {
  const timezone = useSettingsStore((state) => state.timezone);
  return useCallback((value: string) => formatDate(value, timezone), [timezone]);
}
