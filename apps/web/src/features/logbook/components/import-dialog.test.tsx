import { logbookMessages } from '@skylog/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, type ApiAnswer, type ApiCall } from '../../../test-utils.tsx';
import { ImportDialog } from './import-dialog.tsx';
import { ids } from './logbook-test-data.ts';

const csv = 'Date,AircraftID,From,To,TotalTime\n2026-02-30,N172SP,KPAO,KSQL,1.2\n2026-03-01,N172SP,KPAO,KSQL,abc\n';

const refusal = {
  status: 400,
  code: 'validation_error',
  message: logbookMessages.logbookImportRefused,
  rows: [
    { row: 2, field: 'date', message: 'Date must be a day (YYYY-MM-DD)' },
    { row: 3, field: 'total_hours', message: 'Total time must be a number of hours' },
  ],
};

/**
 * The import's one request, sent with XMLHttpRequest for its progress: the test sees half of the body sent, then lets
 * the server answer.
 */
function stubUpload(answer: ApiAnswer) {
  const calls: ApiCall[] = [];
  let respond = () => undefined as void;
  vi.stubGlobal(
    'XMLHttpRequest',
    class {
      upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
      status = 0;
      responseText = '';
      withCredentials = false;
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      private method = '';
      private url = '';
      open(method: string, url: string) {
        this.method = method;
        this.url = url;
      }
      setRequestHeader() {}
      abort() {}
      send(body: Blob) {
        void body.text().then((text) => {
          calls.push({ method: this.method, url: this.url, body: JSON.parse(text) });
          this.upload.onprogress?.({ loaded: body.size / 2 });
          respond = () => {
            this.status = answer.status;
            this.responseText = JSON.stringify(answer.body);
            this.onload?.();
          };
        });
      }
    },
  );
  return { calls, respond: () => act(async () => respond()) };
}

async function chooseAndImport(layout: string) {
  renderWithProviders(<ImportDialog personId={ids.pilot} isOpen onClose={() => undefined} />);
  const dialog = await screen.findByRole('dialog', { name: 'Import a logbook' });
  fireEvent.click(within(dialog).getByRole('radio', { name: layout }));
  const file = new File([csv], 'logbook.csv', { type: 'text/csv' });
  fireEvent.change(within(dialog).getByLabelText('Logbook file (CSV)'), { target: { files: [file] } });
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Import' })));
  return dialog;
}

describe('ImportDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the file’s text with its layout, shows the progress, then every row the server refused', async () => {
    const upload = stubUpload({ status: 400, body: refusal });
    const dialog = await chooseAndImport('MyFlightbook');

    await waitFor(() =>
      expect(upload.calls).toEqual([
        { method: 'POST', url: `/api/users/${ids.pilot}/logbook/import`, body: { layout: 'myflightbook', csv } },
      ]),
    );
    expect(within(dialog).getByRole('progressbar', { name: 'Sending the logbook' }).getAttribute('aria-valuenow')).toBe('50');

    await upload.respond();
    const report = await within(dialog).findByRole('table', { name: 'Rows to correct' });
    expect(within(dialog).getByText(logbookMessages.logbookImportRefused)).toBeTruthy();
    expect(
      within(report)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      ['2', 'Date', 'Date must be a day (YYYY-MM-DD)'],
      ['3', 'Total time', 'Total time must be a number of hours'],
    ]);
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
  });

  it('says the server’s own message for a refusal without rows', async () => {
    const upload = stubUpload({
      status: 413,
      body: { status: 413, code: 'body_too_large', message: 'The file is larger than the 8 MB limit.' },
    });
    const dialog = await chooseAndImport('ForeFlight');
    await waitFor(() => expect(upload.calls.map((call) => (call.body as { layout: string }).layout)).toEqual(['foreflight']));
    await upload.respond();
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The file is larger than the 8 MB limit.');
  });
});
