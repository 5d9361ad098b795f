import {
  aircraftCategoryMissingMessage,
  aircraftCategoryNeededMessage,
  flightUploadedForMessage,
  messages,
  trackImportNotices,
  trackTimesMessages,
  type Aircraft,
  type ClientConfig,
  type CrewChoices,
} from '@skylog/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi, type ApiAnswer, type ApiCall } from '../../../test-utils.tsx';
import { UploadFlightForm } from './upload-flight-form.tsx';

const ids = {
  iris: '00000000-0000-4000-8000-000000000001',
  stella: '00000000-0000-4000-8000-000000000002',
  leo: '00000000-0000-4000-8000-000000000003',
  trip: '00000000-0000-4000-8000-0000000000aa',
  upload: '00000000-0000-4000-8000-0000000000bb',
  plane: '00000000-0000-4000-8000-0000000000cc',
  org: '00000000-0000-4000-8000-0000000000dd',
};

const config: ClientConfig = {
  map_tile_url: null,
  map_attribution: null,
  audio_upload_max_bytes: 1_000_000,
  track_file_max_bytes: 1_000_000,
  billing_enabled: false,
  transcription_provider: 'none',
  ai_notes_provider: 'rules',
  sign_in_providers: [],
};

const people: CrewChoices['people'] = [
  { skylog_id: ids.iris, name: 'Iris Calder', email: 'instructor@skyline.test', user_type: 'instructor' },
  { skylog_id: ids.stella, name: 'Stella Park', email: 'student@skyline.test', user_type: 'student' },
  { skylog_id: ids.leo, name: 'Leo Nakamura', email: 'leo.nakamura@skyline.test', user_type: 'student' },
];

/** A request with the headers it carried (a tus request's Upload-Offset). */
type Call = ApiCall & { headers?: Record<string, string> };
/** An answer with the headers a tus client reads (Location, Upload-Offset), or none: the connection broke. */
type Answer = ApiAnswer & { headers?: Record<string, string>; isConnectionLost?: boolean };

/**
 * The server of an upload: fetch for JSON calls, XMLHttpRequest for the file bodies (their progress) and the
 * audio's tus requests, all recorded in one list in the order the form made them.
 */
function stubServer(
  crew: CrewChoices,
  {
    isUntimed = false,
    recentTrips = [],
    losesConnection = false,
  }: {
    isUntimed?: boolean;
    recentTrips?: unknown[];
    /** The first piece of the audio: half of it arrives, then the connection breaks. */
    losesConnection?: boolean;
  } = {},
): Call[] {
  const uploadUrl = `/api/trips/${ids.trip}/audio/tus/${ids.upload}`;
  const upload = { id: ids.upload, trip_id: ids.trip, size_bytes: 6, error: null };
  let received = 0;
  let isConnectionLost = false;
  const answer = (call: Call): Answer => {
    const path = call.url.split('?')[0];
    if (path === '/api/client-config') return { status: 200, body: config };
    if (path === '/api/trips/crew-choices') return { status: 200, body: crew };
    if (path === '/api/trips' && call.method === 'GET') return { status: 200, body: { items: recentTrips, total: recentTrips.length } };
    if (path === '/api/trips/import') {
      // A track without times, as a route from a flight planner: the server asks when it was flown.
      if (isUntimed && !call.url.includes('takeoff_time='))
        return { status: 400, body: { status: 400, code: 'track_untimed', message: untimedMessage } };
      const notices = isUntimed ? [trackImportNotices.timesEstimated] : [];
      return { status: 201, body: { trip_id: ids.trip, track_import: { format: 'gpx', aircraft_type: null, notices } } };
    }
    const tus = { 'tus-resumable': '1.0.0' };
    if (path === `/api/trips/${ids.trip}/audio/tus` && call.method === 'POST')
      return {
        status: 201,
        body: { ...upload, offset: 0, is_complete: false, status: 'receiving' },
        headers: { ...tus, location: uploadUrl, 'upload-offset': '0' },
      };
    if (path === uploadUrl && call.method === 'HEAD')
      return { status: 200, body: undefined, headers: { ...tus, 'upload-offset': String(received), 'upload-length': '6' } };
    if (path === uploadUrl && call.method === 'PATCH') {
      if (losesConnection && !isConnectionLost) {
        isConnectionLost = true;
        received = Number(call.headers?.['upload-offset']) + 3;
        return { status: 0, isConnectionLost: true };
      }
      received = 6;
      return { status: 204, body: undefined, headers: { ...tus, 'upload-offset': '6' } };
    }
    if (path === uploadUrl) return { status: 200, body: { ...upload, offset: 6, is_complete: true, status: 'done' } };
    return { status: 404, body: { status: 404, code: 'not_found', message: messages.notFound } };
  };
  const calls: Call[] = stubApi(answer);
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
      private call: Call = { method: '', url: '', body: undefined, headers: {} };
      private headers: Record<string, string> = {};
      open(method: string, url: string) {
        // tus-js-client asks for absolute URLs; the list keeps the path, as fetch's calls have it.
        const { pathname, search } = new URL(url, 'http://skylog.test');
        this.call = { method, url: `${pathname}${search}`, body: undefined, headers: {} };
      }
      setRequestHeader(name: string, value: string) {
        this.call.headers![name.toLowerCase()] = value;
      }
      getResponseHeader(name: string) {
        return this.headers[name.toLowerCase()] ?? null;
      }
      abort() {}
      send() {
        calls.push(this.call);
        const { status, body, headers = {}, isConnectionLost: isLost } = answer(this.call);
        if (isLost) return void queueMicrotask(() => this.onerror?.());
        this.status = status;
        this.headers = headers;
        this.responseText = body === undefined ? '' : JSON.stringify(body);
        queueMicrotask(() => this.onload?.());
      }
    },
  );
  return calls;
}

const untimedMessage =
  "This GPX file has a route but no times. Give the take-off time and either the landing time or the audio's length, and Skylog spreads its points evenly between them.";

const trackLabel = 'Track file (GPX, KML, CSV or IGC)';
const audioLabel = 'Cockpit audio (MP3, M4A, WAV, FLAC, Opus)';
const fileInput = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const choose = (label: string, file: File) => fireEvent.change(fileInput(label), { target: { files: [file] } });
const gpx = () => new File(['<gpx/>'], 'circuits.gpx', { type: 'application/gpx+xml' });
const opus = () => new File(['OggS..'], 'cockpit.opus', { type: 'audio/ogg' });

describe('Audio Upload', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('an instructor with several students names the pilot before the files can be chosen', async () => {
    stubServer({ people, left_seat: null, right_seat: ids.iris, is_left_seat_required: true });
    renderWithProviders(<UploadFlightForm fleet={[]} saveCategory={null} getFlightHref={(id) => `/dashboard/flights/${id}`} />);
    const pilot = await screen.findByLabelText('Pilot (left seat)');
    const track = fileInput(trackLabel);
    // The crew comes first on the page, and the files wait for it, saying why.
    expect(pilot.compareDocumentPosition(track) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    for (const label of [trackLabel, audioLabel]) {
      expect(fileInput(label).disabled).toBe(true);
      expect(document.getElementById(fileInput(label).getAttribute('aria-describedby')!)?.textContent).toBe(messages.uploadPilotFirst);
    }
    expect((screen.getByLabelText('Instructor (right seat)') as HTMLSelectElement).value).toBe(ids.iris);

    fireEvent.change(pilot, { target: { value: ids.leo } });
    await waitFor(() => expect(fileInput(trackLabel).disabled).toBe(false));
    expect(fileInput(audioLabel).disabled).toBe(false);
    expect(screen.queryByText(messages.uploadPilotFirst)).toBeNull();
  });

  it('pressing Upload without a pilot says so under the pilot', async () => {
    stubServer({ people, left_seat: null, right_seat: ids.iris, is_left_seat_required: true });
    renderWithProviders(<UploadFlightForm fleet={[]} saveCategory={null} getFlightHref={(id) => `/dashboard/flights/${id}`} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(messages.leftSeatRequired)).toBeTruthy();
    expect(screen.getByLabelText('Pilot (left seat)').getAttribute('aria-invalid')).toBe('true');
  });

  it('a student has their seat already: the files are open at once, and the upload links to the flight', async () => {
    const calls = stubServer({ people, left_seat: ids.stella, right_seat: ids.iris, is_left_seat_required: false });
    renderWithProviders(<UploadFlightForm fleet={[]} saveCategory={null} getFlightHref={(id) => `/dashboard/flights/${id}`} />);
    await screen.findByLabelText('Pilot (left seat)');
    expect(fileInput(trackLabel).disabled).toBe(false);
    choose(trackLabel, gpx());
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    const done = await screen.findByRole('status');
    expect(done.textContent).toBe('Flight uploaded. Open the flight');
    expect(within(done).getByRole('link', { name: 'Open the flight' }).getAttribute('href')).toBe(`/dashboard/flights/${ids.trip}`);
    expect(calls.find((call) => call.url.startsWith('/api/trips/import'))?.url).toContain(`left_seat=${ids.stella}`);
  });

  it('someone who may not open flights uploads for a pilot, reads whose flight it became, and reads no flight', async () => {
    // The server presets nobody for a sub-organization admin; the form still asks whose flight it is.
    const calls = stubServer({ people, left_seat: null, right_seat: null, is_left_seat_required: false });
    renderWithProviders(<UploadFlightForm fleet={[]} saveCategory={null} getFlightHref={null} />);
    const pilot = await screen.findByLabelText('Pilot (left seat)');
    // Only a new flight: an existing one is not theirs to change.
    expect(screen.queryByRole('radio', { name: 'An existing flight' })).toBeNull();
    expect(fileInput(trackLabel).disabled).toBe(true);

    fireEvent.change(pilot, { target: { value: ids.stella } });
    await waitFor(() => expect(fileInput(trackLabel).disabled).toBe(false));
    choose(trackLabel, gpx());
    choose(audioLabel, opus());
    const before = calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));

    const done = await screen.findByRole('status', {}, { timeout: 3000 });
    expect(done.textContent).toContain(flightUploadedForMessage('Stella Park', true));
    expect(within(done).queryByRole('link')).toBeNull();
    // What the upload asked of the server, in order: a new flight with its track, then its audio (tus), then the audio's
    // processing at the upload's own URL. No read of a flight.
    const uploadUrl = `/api/trips/${ids.trip}/audio/tus/${ids.upload}`;
    expect(calls.slice(before).map((call) => `${call.method} ${call.url.split('?')[0]}`)).toEqual([
      'POST /api/trips/import',
      `POST /api/trips/${ids.trip}/audio/tus`,
      `PATCH ${uploadUrl}`,
      `GET ${uploadUrl}`,
    ]);
    expect(
      calls.some(
        (call) => call.method === 'GET' && call.url.startsWith('/api/trips') && !call.url.startsWith('/api/trips/crew-choices') && call.url !== uploadUrl,
      ),
    ).toBe(false);

    // The next flight starts from an empty form, the pilot to name again.
    fireEvent.click(within(done).getByRole('button', { name: 'Upload another flight' }));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect((screen.getByLabelText('Pilot (left seat)') as HTMLSelectElement).value).toBe('');
    expect(fileInput(trackLabel).disabled).toBe(true);
    expect(screen.queryByText('circuits.gpx', { exact: false })).toBeNull();
  });

  it('a connection lost mid-audio: the uploader asks the server how much arrived and sends only the rest', async () => {
    const calls = stubServer({ people, left_seat: ids.stella, right_seat: ids.iris, is_left_seat_required: false }, { losesConnection: true });
    renderWithProviders(<UploadFlightForm fleet={[]} saveCategory={null} getFlightHref={(id) => `/dashboard/flights/${id}`} />);
    await screen.findByLabelText('Pilot (left seat)');
    choose(trackLabel, gpx());
    choose(audioLabel, opus());
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect((await screen.findByRole('status', {}, { timeout: 3000 })).textContent).toBe('Flight uploaded. Open the flight');
    const uploadUrl = `/api/trips/${ids.trip}/audio/tus/${ids.upload}`;
    const audioCalls = calls.filter((call) => call.url.startsWith(`/api/trips/${ids.trip}/audio/tus`));
    expect(audioCalls.map((call) => `${call.method} ${call.url} ${call.headers?.['upload-offset'] ?? ''}`.trim())).toEqual([
      `POST /api/trips/${ids.trip}/audio/tus`,
      `PATCH ${uploadUrl} 0`,
      `HEAD ${uploadUrl}`,
      `PATCH ${uploadUrl} 3`,
      `GET ${uploadUrl}`,
    ]);
    // tus 1.0, with the file's name and type.
    expect(audioCalls[0]!.headers).toMatchObject({ 'tus-resumable': '1.0.0', 'upload-length': '6' });
    expect(audioCalls[0]!.headers?.['upload-metadata']).toBe(`filename ${btoa('cockpit.opus')},filetype ${btoa('audio/ogg')}`);
    // Done, the upload is forgotten: the same file later is a new recording.
    expect(Object.keys(localStorage).filter((key) => key.startsWith('tus::'))).toEqual([]);
  });

  it('a track without times: the form asks when it was flown, keeps the file, and sends the take-off and landing', async () => {
    const calls = stubServer({ people, left_seat: ids.stella, right_seat: ids.iris, is_left_seat_required: false }, { isUntimed: true });
    renderWithProviders(<UploadFlightForm fleet={[]} saveCategory={null} getFlightHref={(id) => `/dashboard/flights/${id}`} />);
    await screen.findByLabelText('Pilot (left seat)');
    choose(trackLabel, gpx());
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText(untimedMessage)).toBeTruthy();
    const takeoff = screen.getByLabelText('Take-off');
    expect(screen.getByText('circuits.gpx', { exact: false })).toBeTruthy();
    // The audio's length is a flight's: a new flight has none yet.
    expect(screen.queryByLabelText("Landing: the take-off plus the length of this flight's audio")).toBeNull();

    fireEvent.change(takeoff, { target: { value: '2026-05-02T14:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(trackTimesMessages.landingNeeded)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Landing'), { target: { value: '2026-05-02T13:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(trackTimesMessages.landingAfterTakeoff)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Landing'), { target: { value: '2026-05-02T15:10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    const done = await screen.findByRole('status');
    expect(within(done).getByRole('list', { name: 'About the track' }).textContent).toBe(trackImportNotices.timesEstimated);
    const sent = new URL(calls.filter((call) => call.url.startsWith('/api/trips/import')).at(-1)!.url, 'http://skylog.test').searchParams;
    expect(sent.get('takeoff_time')).toBe(new Date('2026-05-02T14:00').toISOString());
    expect(sent.get('landing_time')).toBe(new Date('2026-05-02T15:10').toISOString());
    expect(sent.get('filename')).toBe('circuits.gpx');
  });

  describe('an aircraft without a category', () => {
    const glider: Aircraft = {
      id: ids.plane,
      org_id: ids.org,
      tail_number: 'D-KXYZ',
      call_sign: null,
      type: 'ASG 29E',
      category: null,
      notes: null,
    };
    const categoryLabel = 'Category of D-KXYZ';

    it('asks an org admin for it with a track, and saves it to the aircraft before the track goes up', async () => {
      const calls = stubServer({ people, left_seat: ids.stella, right_seat: null, is_left_seat_required: false });
      const isTrackSent = () => calls.some((call) => call.url.startsWith('/api/trips/import'));
      const saved: { tail: string; category: string; isTrackSent: boolean }[] = [];
      const saveCategory = vi.fn(async (plane: Aircraft, category: string) => {
        saved.push({ tail: plane.tail_number, category, isTrackSent: isTrackSent() });
      });
      renderWithProviders(
        <UploadFlightForm fleet={[glider]} saveCategory={saveCategory} getFlightHref={(id) => `/dashboard/flights/${id}`} />,
      );
      fireEvent.change(await screen.findByLabelText('Aircraft'), { target: { value: ids.plane } });
      // No track, nothing to analyse: not asked.
      expect(screen.queryByLabelText(categoryLabel)).toBeNull();
      choose(trackLabel, gpx());
      const category = await screen.findByLabelText(categoryLabel);
      fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
      expect(await screen.findByText(aircraftCategoryNeededMessage('D-KXYZ'))).toBeTruthy();
      expect(saveCategory).not.toHaveBeenCalled();

      fireEvent.change(category, { target: { value: 'glider' } });
      fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
      await screen.findByRole('status');
      // Saved first, so that the track's analysis already has the category.
      expect(saved).toEqual([{ tail: 'D-KXYZ', category: 'glider', isTrackSent: false }]);
      expect(isTrackSent()).toBe(true);
    });

    it('asks for it too when the track goes to an existing flight of that aircraft', async () => {
      const ridge = {
        trip_id: ids.trip,
        trip_name: 'Ridge soaring',
        begin_time: '2026-03-02T10:00:00Z',
        aircraft: { id: ids.plane, tail_number: 'D-KXYZ' },
      };
      stubServer({ people, left_seat: ids.stella, right_seat: null, is_left_seat_required: false }, { recentTrips: [ridge] });
      renderWithProviders(
        <UploadFlightForm
          fleet={[glider]}
          saveCategory={vi.fn(async () => undefined)}
          getFlightHref={(id) => `/dashboard/flights/${id}`}
        />,
      );
      fireEvent.click(await screen.findByRole('radio', { name: 'An existing flight' }));
      const flight = await screen.findByLabelText('Flight');
      await screen.findByRole('option', { name: 'Ridge soaring (2026-03-02)' });
      fireEvent.change(flight, { target: { value: ids.trip } });
      choose(trackLabel, gpx());
      expect(await screen.findByLabelText(categoryLabel)).toBeTruthy();
    });

    it('tells someone who may not edit the fleet that airplane rules apply until an admin sets it', async () => {
      stubServer({ people, left_seat: ids.stella, right_seat: null, is_left_seat_required: false });
      renderWithProviders(<UploadFlightForm fleet={[glider]} saveCategory={null} getFlightHref={(id) => `/dashboard/flights/${id}`} />);
      fireEvent.change(await screen.findByLabelText('Aircraft'), { target: { value: ids.plane } });
      choose(trackLabel, gpx());
      expect(await screen.findByText(aircraftCategoryMissingMessage('D-KXYZ'))).toBeTruthy();
      expect(screen.queryByLabelText(categoryLabel)).toBeNull();
    });
  });
});
