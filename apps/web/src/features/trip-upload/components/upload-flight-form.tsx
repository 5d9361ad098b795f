import { isAudioContentType, messages, trackFormats, uploadTooLargeMessage, type Aircraft } from '@skylog/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCrewChoices } from '../../../lib/crew-choices.ts';
import { tripKeys } from '../../../lib/query-keys.ts';
import { useClientConfig } from '../../../lib/client-config.ts';
import { createEmptyTrip, importTrack, uploadAudio, useRecentTrips, waitForProcessing, type Crew } from '../api/upload-flight.ts';

const audioExtensions = ['.mp3', '.m4a', '.aac', '.wav', '.flac', '.ogg', '.opus', '.webm', '.amr'];

type Step = { label: string; fraction: number } | null;
type Errors = { track?: string; audio?: string; form?: string; left_seat?: string; right_seat?: string };

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.')).toLowerCase();

/** The server's rule for the declared type (contracts), and a recording's extension where the type says only "a container" or nothing. */
const isAudioFile = (file: File) => isAudioContentType(file.type) && (file.type.startsWith('audio/') || audioExtensions.includes(extensionOf(file.name)));

function localNow(): string {
  const now = new Date();
  now.setMinutes(now.getMinutes() - now.getTimezoneOffset());
  return now.toISOString().slice(0, 16);
}

/** A refusal naming a seat (someone the uploader may not seat) shows under that seat; anything else under the track. */
function errorsOfNewTrip(error: unknown): Errors {
  const fields = error instanceof ApiError ? (error.body.fields ?? {}) : {};
  const seats = { left_seat: fields.left_seat, right_seat: fields.right_seat };
  return seats.left_seat || seats.right_seat ? Object.fromEntries(Object.entries(seats).filter(([, message]) => message)) : { track: (error as Error).message };
}

/**
 * A track file (GPX, KML, CSV, IGC) and / or cockpit audio to a new or existing flight, with a
 * progress bar and an error under each file that went wrong. The track goes first: a bad track
 * stops before any audio is sent, so nothing is half stored. A new flight names its crew, preset by
 * the server (an instructor and their only student, a student and their only instructor).
 */
export function UploadFlightForm({ fleet, getFlightHref }: { fleet: readonly Aircraft[]; getFlightHref: (tripId: string) => string }) {
  const queryClient = useQueryClient();
  const config = useClientConfig();
  const recent = useRecentTrips();
  const crewChoices = useCrewChoices().data;
  const [target, setTarget] = useState<'new' | 'existing'>('new');
  const [tripName, setTripName] = useState('');
  const [aircraftId, setAircraftId] = useState('');
  const [beginTime, setBeginTime] = useState(localNow);
  const [tripId, setTripId] = useState('');
  // null until the person picks: the server's preset shows (and is sent) meanwhile.
  const [leftSeat, setLeftSeat] = useState<string | null>(null);
  const [rightSeat, setRightSeat] = useState<string | null>(null);
  const leftValue = leftSeat ?? crewChoices?.left_seat ?? '';
  const rightValue = rightSeat ?? crewChoices?.right_seat ?? '';
  // Without the choices (not answered yet, or failed) the server seats the uploader as usual.
  const crew: Crew = crewChoices ? { leftSeat: leftValue, rightSeat: rightValue } : {};
  const seatOptions = [
    { value: '', label: 'Nobody' },
    ...(crewChoices?.people ?? []).map((person) => ({ value: person.skylog_id, label: person.name || person.email })),
  ];
  const [trackFile, setTrackFile] = useState<File | null>(null);
  const [audioFile, setAudioFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [doneTripId, setDoneTripId] = useState<string | null>(null);

  function checkFiles(): Errors {
    const found: Errors = {};
    const limits = config.data;
    if (!trackFile && !audioFile) found.form = 'Choose a track file, an audio file or both.';
    if (trackFile && !trackFormats.some((format) => extensionOf(trackFile.name) === `.${format}`)) {
      found.track = messages.trackFileNotTrack;
    } else if (trackFile && limits && trackFile.size > limits.track_file_max_bytes) found.track = uploadTooLargeMessage(limits.track_file_max_bytes);
    if (audioFile && !isAudioFile(audioFile)) {
      found.audio = messages.audioNotReadable;
    } else if (audioFile && limits && audioFile.size > limits.audio_upload_max_bytes) found.audio = uploadTooLargeMessage(limits.audio_upload_max_bytes);
    if (target === 'new' && !trackFile && !tripName.trim()) found.form = 'Give the new flight a name.';
    if (target === 'new' && crewChoices?.is_left_seat_required && !leftValue) found.left_seat = messages.leftSeatRequired;
    if (target === 'existing' && !tripId) found.form = 'Choose the flight to add the files to.';
    return found;
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const found = checkFiles();
    setErrors(found);
    setDoneTripId(null);
    if (Object.keys(found).length > 0) return;
    let id = target === 'existing' ? tripId : '';
    try {
      if (trackFile) {
        setStep({ label: `Uploading ${trackFile.name}`, fraction: 0 });
        const trip = await importTrack(trackFile, id ? { tripId: id } : { tripName: tripName.trim(), aircraftId, ...crew }, (fraction) =>
          setStep({ label: `Uploading ${trackFile.name}`, fraction }),
        );
        id = trip.trip_id;
      } else if (!id) {
        id = (await createEmptyTrip({ tripName: tripName.trim(), aircraftId, beginTime, ...crew })).trip_id;
      }
    } catch (error) {
      setErrors(errorsOfNewTrip(error));
      setStep(null);
      return;
    }
    if (audioFile) {
      try {
        const uploadId = await uploadAudio(id, audioFile, (fraction) => setStep({ label: `Uploading ${audioFile.name}`, fraction }));
        setStep({ label: 'Processing audio (duration, waveform, web copy)…', fraction: 1 });
        await waitForProcessing(uploadId);
      } catch (error) {
        setErrors({ audio: (error as Error).message });
      }
    }
    setStep(null);
    setDoneTripId(id);
    await queryClient.invalidateQueries({ queryKey: tripKeys.all });
  }

  const isBusy = step !== null;
  return (
    <form onSubmit={(event) => void handleSubmit(event)} className="flex max-w-2xl flex-col gap-4" noValidate>
      <RadioGroup
        label="Add to"
        name="target"
        value={target}
        onChange={(value) => setTarget(value === 'existing' ? 'existing' : 'new')}
        options={[
          { value: 'new', label: 'A new flight' },
          { value: 'existing', label: 'An existing flight' },
        ]}
      />
      {target === 'new' ? (
        <div className="grid gap-3 md:grid-cols-2">
          <TextInput label="Flight name" value={tripName} onChange={(event) => setTripName(event.target.value)} placeholder="Named after the track file when empty" />
          <SelectInput
            label="Aircraft"
            value={aircraftId}
            onChange={(event) => setAircraftId(event.target.value)}
            options={[{ value: '', label: 'Not set' }, ...fleet.map((plane) => ({ value: plane.id, label: plane.tail_number }))]}
          />
          <SelectInput
            label="Pilot (left seat)"
            value={leftValue}
            onChange={(event) => setLeftSeat(event.target.value)}
            options={seatOptions}
            required={crewChoices?.is_left_seat_required}
            error={errors.left_seat}
          />
          <SelectInput
            label="Instructor (right seat)"
            value={rightValue}
            onChange={(event) => setRightSeat(event.target.value)}
            options={seatOptions}
            error={errors.right_seat}
          />
          {!trackFile ? (
            <TextInput label="Flight began at" type="datetime-local" value={beginTime} onChange={(event) => setBeginTime(event.target.value)} />
          ) : null}
        </div>
      ) : (
        <SelectInput
          label="Flight"
          value={tripId}
          onChange={(event) => setTripId(event.target.value)}
          options={[{ value: '', label: 'Choose a flight' }, ...(recent.data?.items ?? []).map((trip) => ({ value: trip.trip_id, label: `${trip.trip_name} (${trip.begin_time?.slice(0, 10) ?? '—'})` }))]}
        />
      )}
      <FileField
        label="Track file (GPX, KML, CSV or IGC)"
        accept=".gpx,.kml,.csv,.igc"
        file={trackFile}
        error={errors.track}
        onChange={setTrackFile}
      />
      <FileField label="Cockpit audio (MP3, M4A, WAV, FLAC, Opus)" accept={`audio/*,${audioExtensions.join(',')}`} file={audioFile} error={errors.audio} onChange={setAudioFile} />
      {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
      {step ? <ProgressBar value={step.fraction} label={step.label} /> : null}
      {doneTripId ? (
        <Alert tone={errors.audio ? 'warning' : 'success'}>
          {errors.audio ? 'The flight was saved without the audio. ' : 'Flight uploaded. '}
          <Link to={getFlightHref(doneTripId)} className="font-medium underline">
            Open the flight
          </Link>
        </Alert>
      ) : null}
      <div>
        <Button type="submit" disabled={isBusy}>
          {isBusy ? 'Uploading…' : 'Upload'}
        </Button>
      </div>
    </form>
  );
}

function FileField({ label, accept, file, error, onChange }: { label: string; accept: string; file: File | null; error: string | undefined; onChange: (file: File | null) => void }) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
      {label}
      <input
        type="file"
        accept={accept}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        className={`rounded-md border bg-white px-3 py-2 text-sm ${error ? 'border-red-500' : 'border-slate-300'}`}
      />
      {file ? <span className="text-xs font-normal text-slate-500">{`${file.name} — ${(file.size / 1048576).toFixed(1)} MB`}</span> : null}
      {error ? <span className="text-xs font-normal text-red-600">{error}</span> : null}
    </label>
  );
}
