import { zodResolver } from '@hookform/resolvers/zod';
import {
  aircraftCategoryMissingMessage,
  aircraftCategoryNeededMessage,
  aircraftCategorySchema,
  flightUploadedForMessage,
  isAudioContentType,
  messages,
  trackFormats,
  trackTimesMessages,
  trackTimesSchema,
  tripCreateSchema,
  uploadTooLargeMessage,
  type Aircraft,
  type AircraftCategory,
  type ClientConfig,
  type CrewChoices,
} from '@skylog/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { SelectInput } from '../../../components/ui/select-input.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { groupKey } from '../../../lib/api.ts';
import { categoryHint, categoryOptions } from '../../../lib/aircraft-category-options.ts';
import { useClientConfig } from '../../../lib/client-config.ts';
import { useCrewChoices } from '../../../lib/crew-choices.ts';
import { uploadAudio, waitForProcessing } from '../../../lib/audio-upload.ts';
import { createEmptyTrip, importTrack, useRecentTrips, type Crew, type TrackTimes } from '../api/upload-flight.ts';
import { TrackPreviewLine } from './track-preview.tsx';

const audioExtensions = ['.mp3', '.m4a', '.aac', '.wav', '.flac', '.ogg', '.opus', '.webm', '.amr'];
const extensionOf = (name: string) => name.slice(name.lastIndexOf('.')).toLowerCase();

/** The server's rule for the declared type (contracts), and a recording's extension where the type says only "a container" or nothing. */
const isAudioFile = (file: File) =>
  isAudioContentType(file.type) && (file.type.startsWith('audio/') || audioExtensions.includes(extensionOf(file.name)));

/** A select's value: an id, or '' for "not set". */
const choice = z.union([z.uuid(), z.literal('')]);
const chosenFile = z.custom<File>((value) => value instanceof File).nullable();

/** A datetime-local value as an instant; what does not read as a time is passed on for the contract to name. */
const isoOf = (local: string) => {
  const time = new Date(local);
  return Number.isNaN(time.getTime()) ? local : time.toISOString();
};

type TimesFields = { target: 'new' | 'existing'; takeoff_time: string; landing_time: string; landing_from_audio: boolean };

/** The audio's length is the server's: only a flight that already has its recording can give it. */
const isLandingFromAudio = (values: TimesFields) => values.target === 'existing' && values.landing_from_audio;

/** When a track without times was flown, as the server takes it. */
const trackTimesOf = (values: TimesFields): TrackTimes => ({
  takeoffTime: isoOf(values.takeoff_time),
  landingTime: isLandingFromAudio(values) || !values.landing_time ? undefined : isoOf(values.landing_time),
  isLandingFromAudio: isLandingFromAudio(values),
});

/** The contract's rules for the take-off and landing of a track without times, each broken one under its field. */
function trackTimesIssues(values: TimesFields): { field: 'takeoff_time' | 'landing_time' | 'landing_from_audio'; message: string }[] {
  if (!values.takeoff_time) return [{ field: 'takeoff_time', message: trackTimesMessages.takeoffNeeded }];
  const times = trackTimesOf(values);
  const result = trackTimesSchema.safeParse({
    takeoff_time: times.takeoffTime,
    landing_time: times.landingTime,
    landing_from_audio: times.isLandingFromAudio ? 'true' : undefined,
  });
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    field: issue.path[0] as 'takeoff_time' | 'landing_time' | 'landing_from_audio',
    message: issue.message,
  }));
}

type UploadRules = {
  /** The uploader names the pilot of every new flight (an instructor with students; whoever cannot open the flight). */
  isPilotRequired: boolean;
  limits: Pick<ClientConfig, 'track_file_max_bytes' | 'audio_upload_max_bytes'> | undefined;
  /** The flight's aircraft when it has no category and the uploader may give it one (then a track needs it). */
  uncategorised: (values: { target: 'new' | 'existing'; aircraft_id: string; trip_id: string }) => Aircraft | null;
};

/**
 * The contract's rules for a new flight (its name, the crew and aircraft as ids) and the files' own: a
 * track Skylog parses, audio it can read, each under the server's size limit.
 */
function uploadFlightSchema({ isPilotRequired, limits, uncategorised }: UploadRules) {
  return z
    .object({
      target: z.enum(['new', 'existing']),
      trip_name: z.string(),
      aircraft_id: choice,
      left_seat: choice,
      right_seat: choice,
      begin_time: z.string(),
      trip_id: choice,
      aircraft_category: z.union([aircraftCategorySchema, z.literal('')]),
      track: chosenFile,
      audio: chosenFile,
      /** The server found no times in the chosen track: it takes them from the fields below. */
      track_has_no_times: z.boolean(),
      takeoff_time: z.string(),
      landing_time: z.string(),
      landing_from_audio: z.boolean(),
    })
    .superRefine((values, context) => {
      const refuse = (path: [string, ...string[]], message: string) => context.addIssue({ code: 'custom', path, message });
      const { track, audio } = values;
      if (!track && !audio) refuse(['root', 'files'], messages.uploadNeedsFile);
      if (track && !trackFormats.some((format) => extensionOf(track.name) === `.${format}`)) refuse(['track'], messages.trackFileNotTrack);
      else if (track && limits && track.size > limits.track_file_max_bytes)
        refuse(['track'], uploadTooLargeMessage(limits.track_file_max_bytes));
      if (audio && !isAudioFile(audio)) refuse(['audio'], messages.audioNotReadable);
      else if (audio && limits && audio.size > limits.audio_upload_max_bytes)
        refuse(['audio'], uploadTooLargeMessage(limits.audio_upload_max_bytes));
      if (track && values.track_has_no_times) for (const { field, message } of trackTimesIssues(values)) refuse([field], message);
      const plane = uncategorised(values);
      if (track && plane && !values.aircraft_category) refuse(['aircraft_category'], aircraftCategoryNeededMessage(plane.tail_number));
      if (values.target === 'existing') {
        if (!values.trip_id) refuse(['trip_id'], messages.uploadNeedsTrip);
        return;
      }
      // A track names the flight after its file when the name is left empty.
      const name = tripCreateSchema.shape.trip_name.safeParse(values.trip_name);
      if (!name.success && (values.trip_name.trim() || !track))
        refuse(['trip_name'], values.trip_name.trim() ? name.error.issues[0]!.message : messages.uploadNeedsName);
      if (!track && Number.isNaN(Date.parse(values.begin_time))) refuse(['begin_time'], messages.uploadNeedsBeginTime);
      if (isPilotRequired && !values.left_seat) refuse(['left_seat'], messages.leftSeatRequired);
    });
}
type UploadInput = z.input<ReturnType<typeof uploadFlightSchema>>;
type UploadValues = z.output<ReturnType<typeof uploadFlightSchema>>;

function localNow(): string {
  const now = new Date();
  now.setMinutes(now.getMinutes() - now.getTimezoneOffset());
  return now.toISOString().slice(0, 16);
}

/** A new flight's crew starts as the server presets it (an instructor and their only student, a student and their only instructor). */
const emptyForm = (crew: CrewChoices | undefined): UploadInput => ({
  target: 'new',
  trip_name: '',
  aircraft_id: '',
  left_seat: crew?.left_seat ?? '',
  right_seat: crew?.right_seat ?? '',
  begin_time: localNow(),
  trip_id: '',
  aircraft_category: '',
  track: null,
  audio: null,
  track_has_no_times: false,
  takeoff_time: '',
  landing_time: '',
  landing_from_audio: false,
});

type Step = { label: string; fraction: number };
/** How an upload ended; notices say what the server put right in the track (or that its times are estimated). */
type Outcome = { tripId: string; pilot: string; isAudioSaved: boolean; notices: string[] };

type UploadFlightFormProps = {
  fleet: readonly Aircraft[];
  /** Gives an aircraft its category; only for those who may edit the fleet: then a track on an aircraft without one asks for it. */
  saveCategory: ((plane: Aircraft, category: AircraftCategory) => Promise<unknown>) | null;
  /**
   * The flight screen's address, or null when the uploader's role may not open flights (route access): then
   * the upload ends with a confirmation here, no existing flight is offered, and no flight is read.
   */
  getFlightHref: ((tripId: string) => string) | null;
};

/**
 * A track file (GPX, KML, CSV, IGC) and / or cockpit audio to a new or existing flight, with a progress bar
 * and an error under each file that went wrong. The crew comes first: who flew decides whose flight it is,
 * so when the uploader must name the pilot, the files wait until they have. The track goes first: a bad
 * track stops before any audio is sent, so nothing is half stored.
 */
export function UploadFlightForm({ fleet, saveCategory, getFlightHref }: UploadFlightFormProps) {
  const crewChoices = useCrewChoices();
  if (crewChoices.isPending) return <p className="text-sm text-slate-600">{messages.loading}</p>;
  // Without the choices (the request failed) the server seats the uploader as usual.
  return <UploadForm fleet={fleet} saveCategory={saveCategory} getFlightHref={getFlightHref} crewChoices={crewChoices.data} />;
}

function UploadForm({ fleet, saveCategory, getFlightHref, crewChoices }: UploadFlightFormProps & { crewChoices: CrewChoices | undefined }) {
  const queryClient = useQueryClient();
  const config = useClientConfig();
  const mayOpenFlights = getFlightHref !== null;
  const recent = useRecentTrips(mayOpenFlights);
  // A flight its uploader cannot open must be someone's: they name whose.
  const isPilotRequired = Boolean(crewChoices?.is_left_seat_required) || !mayOpenFlights;
  const canSetCategory = saveCategory !== null;
  /** The aircraft of the flight the files go to (a new one's choice, or an existing one's) when it has no category. */
  const withoutCategory = ({ target, aircraft_id, trip_id }: { target: 'new' | 'existing'; aircraft_id: string; trip_id: string }) => {
    const id = target === 'new' ? aircraft_id : recent.data?.items.find((trip) => trip.trip_id === trip_id)?.aircraft?.id;
    return fleet.find((plane) => plane.id === id && plane.category === null) ?? null;
  };
  const form = useForm<UploadInput, unknown, UploadValues>({
    resolver: zodResolver(
      uploadFlightSchema({
        isPilotRequired,
        limits: config.data,
        uncategorised: (values) => (canSetCategory ? withoutCategory(values) : null),
      }),
    ),
    defaultValues: emptyForm(crewChoices),
  });
  const { errors } = form.formState;
  const [target, leftSeat, track, trackHasNoTimes, landingFromAudio, aircraftId, tripId] = useWatch({
    control: form.control,
    name: ['target', 'left_seat', 'track', 'track_has_no_times', 'landing_from_audio', 'aircraft_id', 'trip_id'],
  });
  const [step, setStep] = useState<Step | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // A new key empties the file inputs, which the browser does not let a script set.
  const [formKey, setFormKey] = useState(0);

  const isNew = target === 'new';
  // A track is analysed by its aircraft's category: one without asks for it (or says who can give it).
  const uncategorisedPlane = track ? withoutCategory({ target, aircraft_id: aircraftId, trip_id: tripId }) : null;
  const areFilesWaiting = isNew && isPilotRequired && !leftSeat;
  const seatOptions = [
    { value: '', label: 'Nobody' },
    ...(crewChoices?.people ?? []).map((person) => ({ value: person.skylog_id, label: person.name || person.email })),
  ];
  const nameOf = (id: string) => {
    const person = crewChoices?.people.find((candidate) => candidate.skylog_id === id);
    return person ? person.name || person.email : '';
  };

  /**
   * A track without times asks for when it was flown (the chosen file stays); a refusal naming a seat (someone
   * the uploader may not seat) or a time shows under that field; anything else under the track.
   */
  function showNewTripError(error: unknown) {
    if (error instanceof ApiError && error.body.code === 'track_untimed') {
      form.setValue('track_has_no_times', true);
      form.setError('track', { message: error.message });
      return;
    }
    const fields = error instanceof ApiError ? (error.body.fields ?? {}) : {};
    const named = (['left_seat', 'right_seat', 'takeoff_time', 'landing_time', 'landing_from_audio'] as const).filter(
      (field) => fields[field],
    );
    if (named.length === 0) form.setError('track', { message: (error as Error).message });
    for (const field of named) form.setError(field, { message: fields[field] });
  }

  const handleSubmit = form.handleSubmit(async (values) => {
    const crew: Crew = crewChoices ? { leftSeat: values.left_seat, rightSeat: values.right_seat } : {};
    const name = values.trip_name.trim();
    let id = values.target === 'existing' ? values.trip_id : '';
    let notices: string[] = [];
    try {
      const file = values.track;
      const plane = file ? withoutCategory(values) : null;
      // Before the track, so that its analysis already has the category.
      if (plane && values.aircraft_category && saveCategory) await saveCategory(plane, values.aircraft_category);
      if (file) {
        const report = (fraction: number) => setStep({ label: `Uploading ${file.name}`, fraction });
        report(0);
        const target = id ? { tripId: id } : { tripName: name, aircraftId: values.aircraft_id, ...crew };
        const imported = await importTrack(file, target, report, values.track_has_no_times ? trackTimesOf(values) : undefined);
        id = imported.trip_id;
        notices = imported.track_import.notices;
      } else if (!id) {
        id = (await createEmptyTrip({ tripName: name, aircraftId: values.aircraft_id, beginTime: values.begin_time, ...crew })).trip_id;
      }
    } catch (error) {
      showNewTripError(error);
      setStep(null);
      return;
    }
    let isAudioSaved = true;
    const audio = values.audio;
    if (audio) {
      try {
        const uploadUrl = await uploadAudio(id, audio, (fraction) => setStep({ label: `Uploading ${audio.name}`, fraction }));
        setStep({ label: 'Processing audio (duration, waveform, web copy)…', fraction: 1 });
        await waitForProcessing(id, uploadUrl);
      } catch (error) {
        isAudioSaved = false;
        form.setError('audio', { message: (error as Error).message });
      }
    }
    setStep(null);
    setOutcome({ tripId: id, pilot: nameOf(values.left_seat), isAudioSaved, notices });
    await queryClient.invalidateQueries({ queryKey: groupKey('trips') });
  });

  const handleUploadAnother = () => {
    form.reset(emptyForm(crewChoices));
    setOutcome(null);
    setFormKey((key) => key + 1);
  };

  const isBusy = step !== null;
  const filesHintId = `upload-files-hint-${formKey}`;
  const selects = [
    { name: 'left_seat', label: 'Pilot (left seat)', options: seatOptions, isRequired: isPilotRequired },
    { name: 'right_seat', label: 'Instructor (right seat)', options: seatOptions, isRequired: false },
    {
      name: 'aircraft_id',
      label: 'Aircraft',
      options: [{ value: '', label: 'Not set' }, ...fleet.map((plane) => ({ value: plane.id, label: plane.tail_number }))],
      isRequired: false,
    },
  ] as const;

  return (
    <form
      key={formKey}
      onSubmit={(event) => {
        setOutcome(null);
        void handleSubmit(event);
      }}
      className="flex max-w-2xl flex-col gap-4"
      noValidate
      aria-label="Upload a flight"
    >
      {mayOpenFlights ? (
        <Controller
          control={form.control}
          name="target"
          render={({ field }) => (
            <RadioGroup
              label="Add to"
              name={field.name}
              value={field.value}
              onChange={(value) => field.onChange(value === 'existing' ? 'existing' : 'new')}
              options={[
                { value: 'new', label: 'A new flight' },
                { value: 'existing', label: 'An existing flight' },
              ]}
            />
          )}
        />
      ) : null}
      {isNew ? (
        <div className="grid gap-3 md:grid-cols-2">
          {selects.map(({ name, label, options, isRequired }) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field }) => (
                <SelectInput label={label} options={options} required={isRequired} {...field} error={errors[name]?.message} />
              )}
            />
          ))}
          <TextInput
            label="Flight name"
            placeholder="Named after the track file when empty"
            {...form.register('trip_name')}
            error={errors.trip_name?.message}
          />
          {!track ? (
            <TextInput label="Flight began at" type="datetime-local" {...form.register('begin_time')} error={errors.begin_time?.message} />
          ) : null}
        </div>
      ) : (
        <Controller
          control={form.control}
          name="trip_id"
          render={({ field }) => (
            <SelectInput
              label="Flight"
              options={[
                { value: '', label: 'Choose a flight' },
                ...(recent.data?.items ?? []).map((trip) => ({
                  value: trip.trip_id,
                  label: `${trip.trip_name} (${trip.begin_time?.slice(0, 10) ?? '—'})`,
                })),
              ]}
              {...field}
              error={errors.trip_id?.message}
            />
          )}
        />
      )}
      {uncategorisedPlane && canSetCategory ? (
        <div className="flex max-w-sm flex-col gap-1">
          <SelectInput
            label={`Category of ${uncategorisedPlane.tail_number}`}
            options={categoryOptions}
            required
            {...form.register('aircraft_category')}
            error={errors.aircraft_category?.message}
          />
          <p className="text-xs text-slate-500">{categoryHint}</p>
        </div>
      ) : null}
      {uncategorisedPlane && !canSetCategory ? (
        <Alert tone="info">{aircraftCategoryMissingMessage(uncategorisedPlane.tail_number)}</Alert>
      ) : null}
      {areFilesWaiting ? (
        <p id={filesHintId} className="text-sm text-slate-600">
          {messages.uploadPilotFirst}
        </p>
      ) : null}
      {(
        [
          { name: 'track', label: 'Track file (GPX, KML, CSV or IGC)', accept: trackFormats.map((format) => `.${format}`).join(',') },
          { name: 'audio', label: 'Cockpit audio (MP3, M4A, WAV, FLAC, Opus)', accept: `audio/*,${audioExtensions.join(',')}` },
        ] as const
      ).map(({ name, label, accept }) => (
        <Controller
          key={name}
          control={form.control}
          name={name}
          render={({ field }) => (
            <FileField
              label={label}
              accept={accept}
              file={field.value}
              error={errors[name]?.message}
              isDisabled={areFilesWaiting}
              describedBy={areFilesWaiting ? filesHintId : undefined}
              onChange={(file) => {
                field.onChange(file);
                // Another file may have times of its own: the server says again if not.
                if (name === 'track') form.setValue('track_has_no_times', false);
              }}
            />
          )}
        />
      ))}
      <TrackPreviewLine file={track ?? null} category={target === 'new' ? (fleet.find((plane) => plane.id === aircraftId)?.category ?? null) : null} />
      {track && trackHasNoTimes ? (
        <fieldset className="grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 md:grid-cols-2">
          <legend className="px-1 text-sm font-medium text-slate-800">When this track was flown</legend>
          <TextInput label="Take-off" type="datetime-local" {...form.register('takeoff_time')} error={errors.takeoff_time?.message} />
          {isNew || !landingFromAudio ? (
            <TextInput label="Landing" type="datetime-local" {...form.register('landing_time')} error={errors.landing_time?.message} />
          ) : null}
          {isNew ? null : (
            <label className="flex items-center gap-2 text-sm text-slate-700 md:col-span-2">
              <input type="checkbox" {...form.register('landing_from_audio')} />
              Landing: the take-off plus the length of this flight's audio
            </label>
          )}
          {errors.landing_from_audio ? (
            <span className="text-xs text-red-600 md:col-span-2">{errors.landing_from_audio.message}</span>
          ) : null}
          <p className="text-xs text-slate-600 md:col-span-2">
            Skylog spreads the track's points evenly between these times and marks the flight's times as estimated.
          </p>
        </fieldset>
      ) : null}
      {errors.root?.files ? <Alert tone="error">{errors.root.files.message}</Alert> : null}
      {step ? <ProgressBar value={step.fraction} label={step.label} /> : null}
      {outcome ? <UploadOutcome outcome={outcome} getFlightHref={getFlightHref} onUploadAnother={handleUploadAnother} /> : null}
      <div>
        <Button type="submit" disabled={isBusy}>
          {isBusy ? 'Uploading…' : 'Upload'}
        </Button>
      </div>
    </form>
  );
}

/**
 * How the upload ended: a link to the flight for those who may open it; for anyone else (sub-organization
 * admins) whose flight it became and a way to upload the next, since the flight screen is not theirs.
 */
function UploadOutcome({
  outcome,
  getFlightHref,
  onUploadAnother,
}: {
  outcome: Outcome;
  getFlightHref: UploadFlightFormProps['getFlightHref'];
  onUploadAnother: () => void;
}) {
  const tone = outcome.isAudioSaved ? 'success' : 'warning';
  const notices =
    outcome.notices.length > 0 ? (
      <ul className="mt-1 list-disc pl-5 text-sm" aria-label="About the track">
        {outcome.notices.map((notice) => (
          <li key={notice}>{notice}</li>
        ))}
      </ul>
    ) : null;
  if (getFlightHref) {
    return (
      <Alert tone={tone}>
        {outcome.isAudioSaved ? 'Flight uploaded. ' : 'The flight was saved without the audio. '}
        <Link to={getFlightHref(outcome.tripId)} className="font-medium underline">
          Open the flight
        </Link>
        {notices}
      </Alert>
    );
  }
  return (
    <Alert tone={tone}>
      <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {flightUploadedForMessage(outcome.pilot, outcome.isAudioSaved)}
        <Button variant="secondary" onClick={onUploadAnother} className="px-3 py-1">
          Upload another flight
        </Button>
      </span>
      {notices}
    </Alert>
  );
}

type FileFieldProps = {
  label: string;
  accept: string;
  file: File | null;
  error: string | undefined;
  isDisabled: boolean;
  describedBy: string | undefined;
  onChange: (file: File | null) => void;
};

function FileField({ label, accept, file, error, isDisabled, describedBy, onChange }: FileFieldProps) {
  return (
    <label className={`flex flex-col gap-1 text-sm font-medium ${isDisabled ? 'text-slate-400' : 'text-slate-700'}`}>
      {label}
      <input
        type="file"
        accept={accept}
        disabled={isDisabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        className={`rounded-md border bg-white px-3 py-2 text-sm disabled:cursor-not-allowed disabled:bg-slate-50 ${error ? 'border-red-500' : 'border-slate-300'}`}
      />
      {file ? <span className="text-xs font-normal text-slate-500">{`${file.name} — ${(file.size / 1048576).toFixed(1)} MB`}</span> : null}
      {error ? <span className="text-xs font-normal text-red-600">{error}</span> : null}
    </label>
  );
}
