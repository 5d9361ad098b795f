import { logbookMessages, type LessonRecord, type LessonRecordItem } from '@skylog/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi, type ApiCall } from '../../../test-utils.tsx';
import { LessonRecordView } from './lesson-record-view.tsx';

const recordId = '7d4c2a10-5b3e-4f61-9a2d-0c8e1f3b6a01';
const tripId = '2f9e8d7c-6b5a-4938-8271-605f4e3d2c1b';
const recordUrl = `/api/lesson-records/${recordId}`;
const turnAt = Date.parse('2026-11-18T17:39:00Z');

const item = (fields: Partial<LessonRecordItem> & Pick<LessonRecordItem, 'item_key' | 'title'>): LessonRecordItem => ({
  task_code: null,
  kind: 'flight',
  required: true,
  required_grade: 'S',
  grade: null,
  remark: null,
  graded_by: null,
  proposal: null,
  rework_id: null,
  ...fields,
});

/** A lesson of steep turns on a Part 61 course: the flight's analysis saw one turn outside the ACS tolerances. */
const lesson: LessonRecord = {
  id: recordId,
  enrollment_id: '11111111-2222-4333-8444-555555555555',
  student: { skylog_id: '66666666-7777-4888-9999-000000000000', name: 'Jonas Berg' },
  course: { id: '99999999-8888-4777-8666-555555555555', name: 'Private Pilot (Part 61)', scale: 'satisfactory', revision: 1 },
  lesson: {
    key: 's1-l8',
    title: 'Steep turns and ground reference maneuvers',
    kind: 'flight',
    stage_key: 's1',
    stage_title: 'Stage 1: Pre-solo',
    stage_check: false,
    objective: 'Fly steep turns and correct for wind over the ground.',
  },
  trip_id: tripId,
  date: '2026-11-18',
  flight_hours: 0.8,
  ground_hours: 0,
  instructor: { skylog_id: '12345678-1234-4234-8234-123456789012', name: 'Marcus Webb' },
  status: 'in-progress',
  remarks: null,
  completed_at: null,
  items: [
    item({ item_key: 'brief', title: 'Preflight briefing', kind: 'ground' }),
    item({
      item_key: 'steep',
      task_code: 'PA.V.A',
      title: 'Steep Turns',
      proposal: {
        grade: 'U',
        evidence: [
          {
            task_code: 'PA.V.A',
            outcome: 'outside',
            start_ms: turnAt,
            end_ms: turnAt + 40_000,
            summary: 'Steep turn right through 360°: bank 43–51°, lost 140 ft',
            measurements: [{ label: 'Altitude', value: 140, unit: 'ft', limit: '±100 ft', within: false }],
          },
        ],
      },
    }),
    item({
      item_key: 'ground-reference',
      task_code: 'PA.V.B',
      title: 'Ground Reference Maneuvers',
      rework_id: '0f0e0d0c-0b0a-4908-8706-050403020100',
    }),
  ],
  can_grade: true,
};

/** The lesson's server: a grade changes the lines it names; signing closes the lesson by the grades it holds. */
function serve(): ApiCall[] {
  let record = lesson;
  return stubApi((call) => {
    if (call.url === recordUrl && call.method === 'GET') return { status: 200, body: record };
    if (call.url === `${recordUrl}/grades`) {
      const { grades } = call.body as { grades: { item_key: string; grade: string | null; remark?: string | null }[] };
      record = {
        ...record,
        items: record.items.map((line) => {
          const change = grades.find((entry) => entry.item_key === line.item_key);
          return change ? { ...line, grade: change.grade, remark: change.remark ?? line.remark } : line;
        }),
      };
      return { status: 200, body: record };
    }
    if (call.url === `${recordUrl}/complete`) {
      record = { ...record, status: 'incomplete', completed_at: '2026-11-18T19:00:00.000Z', can_grade: false };
      return { status: 200, body: record };
    }
    return { status: 404, body: { status: 404, code: 'not_found', message: 'Not found' } };
  });
}

const changes = (calls: ApiCall[]) => calls.filter((call) => call.method !== 'GET');
const article = (name: string) => screen.getByRole('article', { name });

describe('LessonRecordView: grading beside the proposals', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the proposal as a suggestion with its numbers and moment, and grades nothing by itself', async () => {
    const calls = serve();
    renderWithProviders(<LessonRecordView id={recordId} />);
    const steep = await screen.findByRole('article', { name: 'PA.V.A Steep Turns' });

    const proposal = within(steep).getByRole('note', { name: 'Skylog’s proposal' });
    expect(proposal.textContent).toContain('Suggestion — proposed from the flight: U — Unsatisfactory');
    expect(within(proposal).getByRole('list', { name: 'Measurements' }).textContent).toContain('Altitude: 140 ft (ACS ±100 ft, outside)');
    expect(within(proposal).getByRole('link', { name: 'Go to moment' }).getAttribute('href')).toBe(
      `/dashboard/flights/${tripId}?at=${turnAt}`,
    );
    expect(within(steep).getByText('Not graded')).toBeTruthy();
    // A task the analysis measures, not seen on this flight, says so; the school's own items say nothing.
    expect(within(article('PA.V.B Ground Reference Maneuvers')).getByText(/No proposal/)).toBeTruthy();
    expect(within(article('PA.V.B Ground Reference Maneuvers')).getByText('Rework')).toBeTruthy();
    expect(within(article('Preflight briefing')).queryByText(/No proposal/)).toBeNull();
    expect(changes(calls)).toEqual([]);
  });

  it('takes a proposal in one click, saves only the changed lines before signing, and signs with the password and certificate', async () => {
    const calls = serve();
    renderWithProviders(<LessonRecordView id={recordId} />);
    const steep = await screen.findByRole('article', { name: 'PA.V.A Steep Turns' });

    fireEvent.click(within(steep).getByRole('button', { name: 'Use proposal' }));
    expect((within(steep).getByLabelText('U — Unsatisfactory') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(article('Preflight briefing')).getByLabelText('S — Satisfactory'));
    fireEvent.click(within(article('PA.V.B Ground Reference Maneuvers')).getByLabelText('S — Satisfactory'));
    fireEvent.change(within(steep).getByLabelText('Remark'), { target: { value: 'Lost 140 ft in the right turn' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign and finish' })));

    await waitFor(() =>
      expect(changes(calls)).toEqual([
        {
          method: 'PUT',
          url: `${recordUrl}/grades`,
          body: {
            grades: [
              { item_key: 'brief', grade: 'S', remark: null },
              { item_key: 'steep', grade: 'U', remark: 'Lost 140 ft in the right turn' },
              { item_key: 'ground-reference', grade: 'S', remark: null },
            ],
          },
        },
      ]),
    );
    // What signing will make of it, by the course's scale: the steep turns fell short and go on rework.
    const dialog = await screen.findByRole('dialog', { name: 'Sign and finish the lesson' });
    expect(dialog.textContent).toContain('Incomplete: not every required item reached its grade. On the rework list: PA.V.A Steep Turns.');

    fireEvent.change(within(dialog).getByLabelText('Certificate number'), { target: { value: 'CFI 4410277' } });
    fireEvent.change(within(dialog).getByLabelText('Certificate expiry'), { target: { value: '2099-12-31' } });
    fireEvent.change(within(dialog).getByLabelText('Your password'), { target: { value: 'correct horse' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Sign and finish' })));

    await waitFor(() =>
      expect(changes(calls).at(-1)).toEqual({
        method: 'POST',
        url: `${recordUrl}/complete`,
        body: { certificate_number: 'CFI 4410277', certificate_expires: '2099-12-31', password: 'correct horse', remarks: null },
      }),
    );
    const result = await screen.findByRole('region', { name: 'Result' });
    expect(result.textContent).toContain('Incomplete');
    expect(result.textContent).toContain('PA.V.A Steep Turns: U — Unsatisfactory, needs S — Satisfactory');
    expect(screen.queryAllByRole('radio')).toEqual([]);
  });

  it('asks for the password or a code before signing', async () => {
    const calls = serve();
    renderWithProviders(<LessonRecordView id={recordId} />);
    await screen.findByRole('article', { name: 'PA.V.A Steep Turns' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign and finish' })));
    const dialog = await screen.findByRole('dialog', { name: 'Sign and finish the lesson' });
    // Nothing graded yet: nothing is saved, and the lesson would be incomplete with nothing on rework.
    expect(dialog.textContent).toContain('Not graded: Preflight briefing, PA.V.A Steep Turns, PA.V.B Ground Reference Maneuvers.');
    fireEvent.change(within(dialog).getByLabelText('Certificate number'), { target: { value: 'CFI 4410277' } });
    fireEvent.change(within(dialog).getByLabelText('Certificate expiry'), { target: { value: '2099-12-31' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Sign and finish' })));
    expect(within(dialog).getByText(logbookMessages.signNeedsReauthentication)).toBeTruthy();
    expect(changes(calls)).toEqual([]);
  });
});
