import type { LogbookSummary } from '@skylog/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test-utils.tsx';
import { CurrencyPanel } from './currency-panel.tsx';
import { ids, totalsOf } from './logbook-test-data.ts';
import { ProgressPanel } from './progress-panel.tsx';

const nightEntries = ['7a000000-0000-4000-8000-000000000021', '7a000000-0000-4000-8000-000000000022'];

const summary: LogbookSummary = {
  pilot: { skylog_id: ids.pilot, name: 'Priya Shah', user_type: 'student' },
  can_edit: true,
  as_of: '2026-03-10',
  totals: totalsOf({ entries: 24, total_hours: 31.5 }),
  currency: [
    {
      rule: '61.57(a)',
      label: 'Passengers, day',
      current: true,
      current_through: '2026-03-25',
      lapses_on: '2026-03-26',
      lapsing_soon: true,
      explanation: 'Three take-offs and three landings within the preceding 90 days (14 CFR 61.57(a)).',
    },
    {
      rule: '61.57(b)',
      label: 'Passengers, night',
      current: false,
      current_through: '2025-12-01',
      lapses_on: '2025-12-02',
      lapsing_soon: false,
      explanation: 'Three take-offs and three full-stop landings at night within the preceding 90 days (14 CFR 61.57(b)).',
    },
  ],
  solo_endorsement: { endorsement_id: '7d000000-0000-4000-8000-000000000001', expires_on: '2026-04-30', current: true },
  progress: [
    {
      certificate: 'Private pilot, airplane single-engine land',
      regulation: '14 CFR 61.109(a)',
      met: false,
      requirements: [
        {
          paragraph: '61.109(a)',
          label: 'Total flight time',
          required: 40,
          done: 31.5,
          unit: 'hours',
          entries: [],
          missing: '31.5 of 40 hours total',
        },
        {
          paragraph: '61.109(a)(2)',
          label: 'Night flight training',
          required: 3,
          done: 1.2,
          unit: 'hours',
          entries: nightEntries,
          missing: '1.2 of 3 hours of dual night',
        },
        {
          paragraph: '61.109(a)(1)',
          label: 'Cross-country flight training',
          required: 3,
          done: 3.4,
          unit: 'hours',
          entries: [],
          missing: null,
        },
      ],
    },
  ],
};

describe('ProgressPanel', () => {
  it('gives each requirement a bar with its paragraph, what is done of what is required, and what is missing in words', () => {
    renderWithProviders(<ProgressPanel summary={summary} />);
    const night = screen.getByRole('progressbar', { name: 'Night flight training — 14 CFR 61.109(a)(2)' });
    expect(night.getAttribute('aria-valuetext')).toBe('1.2 of 3 hours');
    expect(night.getAttribute('aria-valuenow')).toBe('40');
    const item = night.closest('li')!;
    expect(within(item).getByText('Still to do: 1.2 of 3 hours of dual night')).toBeTruthy();
    expect(
      within(item)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(nightEntries.map((id) => `/dashboard/logbook/entries/${id}`));

    const crossCountry = screen.getByRole('progressbar', { name: 'Cross-country flight training — 14 CFR 61.109(a)(1)' }).closest('li')!;
    expect(within(crossCountry).getByText('Met')).toBeTruthy();
    expect(within(crossCountry).queryByText(/Still to do/)).toBeNull();
  });
});

describe('CurrencyPanel', () => {
  it('cites each rule’s regulation and says when it lapses or lapsed', () => {
    renderWithProviders(<CurrencyPanel summary={summary} />);
    const day = screen.getByText('Passengers, day — 14 CFR 61.57(a)').closest('li')!;
    expect(within(day).getByText('Current')).toBeTruthy();
    expect(within(day).getByText(/Lapses on 26 Mar 2026/)).toBeTruthy();
    expect(within(day).getByText('Lapsing soon')).toBeTruthy();

    const night = screen.getByText('Passengers, night — 14 CFR 61.57(b)').closest('li')!;
    expect(within(night).getByText('Not current')).toBeTruthy();
    expect(within(night).getByText('Lapsed on 2 Dec 2025')).toBeTruthy();

    expect(screen.getByText('Solo endorsement (14 CFR 61.87(n)): good through 30 Apr 2026')).toBeTruthy();
  });
});
