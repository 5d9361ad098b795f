import { limits, recorderMessages, type MarkerKey } from '@skylog/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Fix, RecordedMarker, RecordingMeta, RecordingStore } from '../api/recording-store.ts';

/** What the person chose before Start. */
export type FlightSetup = { tripName: string; aircraftId: string | null; leftSeat: string | null; rightSeat: string | null };

/** What the in-flight screen shows. */
export type LiveFlight = {
  meta: RecordingMeta;
  lastFix: Fix | null;
  fixCount: number;
  markers: RecordedMarker[];
  /** The microphone's level, 0–1 (null when no audio is recorded). */
  level: number | null;
  /** What the recorder could not do, for the screen to say (a refused permission, no wake lock, the audio stopped at a reload). */
  notices: string[];
};

const toFix = (position: GeolocationPosition): Fix => ({
  timestamp: position.timestamp,
  latitude: position.coords.latitude,
  longitude: position.coords.longitude,
  accuracy: position.coords.accuracy ?? null,
  altitude: position.coords.altitude ?? null,
  speed: position.coords.speed ?? null,
  heading: position.coords.heading ?? null,
});

/** Whether the browser refuses the location outright; 'prompt' and a browser that cannot say both mean "ask". */
async function isLocationDenied(): Promise<boolean> {
  try {
    return (await navigator.permissions?.query({ name: 'geolocation' }))?.state === 'denied';
  } catch {
    return false;
  }
}

/** The first answer of a position watch: its id, and whether it was refused. A watch still waiting for a fix counts as allowed. */
function watchPositions(onFix: (fix: Fix) => void): Promise<{ watchId: number | null; isRefused: boolean }> {
  return new Promise((resolve) => {
    if (!('geolocation' in navigator)) return resolve({ watchId: null, isRefused: true });
    let isSettled = false;
    const settle = (isRefused: boolean) => {
      if (isSettled) return;
      isSettled = true;
      if (isRefused) navigator.geolocation.clearWatch(watchId);
      resolve({ watchId: isRefused ? null : watchId, isRefused });
    };
    const watchId = navigator.geolocation.watchPosition(
      (position) => {
        onFix(toFix(position));
        settle(false);
      },
      (error) => settle(error.code === error.PERMISSION_DENIED),
      { enableHighAccuracy: true, maximumAge: 0 },
    );
    // Indoors a first fix may take minutes; the person answered the question if there was one by then.
    setTimeout(() => settle(false), 8000);
  });
}

async function openMicrophone(): Promise<MediaStream | null> {
  try {
    return (await navigator.mediaDevices?.getUserMedia({ audio: true })) ?? null;
  } catch {
    return null;
  }
}

type Running = {
  recordingId: string;
  watchId: number | null;
  stream: MediaStream | null;
  mediaRecorder: MediaRecorder | null;
  audioContext: AudioContext | null;
  wakeLock: WakeLockSentinel | null;
  pendingFixes: Fix[];
  flushTimer: ReturnType<typeof setInterval> | null;
  /** Writes to the store, in order: Stop waits for them. */
  writes: Promise<unknown>;
  sequence: number;
  /** The microphone take being recorded: its index in the recording's takes, known once its start is stored. */
  take: number;
};

/**
 * The flight being recorded (docs/product.md "Recording on a phone"): the position watch, the microphone through
 * MediaRecorder (the browser's own format, a piece every couple of seconds written to the store as it comes), the level
 * meter, the screen wake lock, the leave-page warning, and the rocker markers. `resume` picks up a recording the page
 * was reloaded during: the track and markers go on, and the microphone opens again as a new take, which the server
 * joins to the first on the flight's timeline.
 */
export function useFlightRecorder(store: RecordingStore | null) {
  const [live, setLive] = useState<LiveFlight | null>(null);
  const running = useRef<Running | null>(null);
  const lastFixRef = useRef<Fix | null>(null);

  const write = useCallback((task: () => Promise<unknown>) => {
    const current = running.current;
    if (!current) return;
    // A failed write (storage full) must not stop the ones after it.
    current.writes = current.writes.then(task).catch((error: unknown) => console.error('The recorder could not store', error));
  }, []);

  const flushFixes = useCallback(() => {
    const current = running.current;
    if (!store || !current || !current.pendingFixes.length) return;
    const batch = current.pendingFixes.splice(0);
    write(() => store.appendFixes(current.recordingId, batch));
  }, [store, write]);

  const onFix = useCallback(
    (fix: Fix) => {
      const current = running.current;
      if (!current) return;
      lastFixRef.current = fix;
      current.pendingFixes.push(fix);
      if (current.pendingFixes.length >= limits.recorderPositionBatch) flushFixes();
      setLive((previous) => (previous ? { ...previous, lastFix: fix, fixCount: previous.fixCount + 1 } : previous));
    },
    [flushFixes],
  );

  const notify = useCallback((notice: string) => setLive((previous) => (previous && !previous.notices.includes(notice) ? { ...previous, notices: [...previous.notices, notice] } : previous)), []);

  const keepAwake = useCallback(async () => {
    const current = running.current;
    if (!current || document.visibilityState !== 'visible') return;
    try {
      if (!navigator.wakeLock) throw new Error('no wake lock');
      current.wakeLock = await navigator.wakeLock.request('screen');
    } catch {
      notify(recorderMessages.wakeLockUnavailable);
    }
  }, [notify]);

  const startLevelMeter = useCallback((stream: MediaStream) => {
    const current = running.current;
    if (!current || typeof AudioContext === 'undefined') return;
    const context = new AudioContext();
    current.audioContext = context;
    // Made after the permission questions, the context may start suspended (autoplay rules); the meter needs it running.
    void context.resume().catch(() => {});
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    context.createMediaStreamSource(stream).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const tick = () => {
      if (running.current !== current) return;
      analyser.getFloatTimeDomainData(samples);
      let sum = 0;
      for (const sample of samples) sum += sample * sample;
      // RMS on a rough log scale: speech in a headset sits in the middle of the bar.
      const rms = Math.sqrt(sum / samples.length);
      const level = Math.max(0, Math.min(1, 1 + Math.log10(rms + 1e-6) / 3));
      setLive((previous) => (previous ? { ...previous, level } : previous));
      setTimeout(tick, 100);
    };
    tick();
  }, []);

  const begin = useCallback(
    async (meta: RecordingMeta, stream: MediaStream | null, watchId: number | null, markers: RecordedMarker[], notices: string[]) => {
      if (!store) return;
      const current: Running = {
        recordingId: meta.id,
        watchId,
        stream,
        mediaRecorder: null,
        audioContext: null,
        wakeLock: null,
        pendingFixes: [],
        flushTimer: null,
        writes: Promise.resolve(),
        sequence: await store.countAudio(meta.id),
        take: 0,
      };
      running.current = current;
      current.flushTimer = setInterval(flushFixes, limits.recorderPositionFlushMs);
      setLive({ meta, lastFix: lastFixRef.current, fixCount: 0, markers, level: stream ? 0 : null, notices });
      if (stream) {
        const mediaRecorder = new MediaRecorder(stream);
        current.mediaRecorder = mediaRecorder;
        mediaRecorder.ondataavailable = (event) => {
          if (!event.data.size) return;
          const sequence = current.sequence++;
          // Read when the write runs: by then the take's start (written first) has given its index.
          write(() => store.appendAudio(meta.id, sequence, current.take, event.data));
        };
        const takeStart = Date.now();
        mediaRecorder.start(limits.recorderAudioSliceMs);
        write(async () => (current.take = await store.startTake(meta.id, takeStart)));
        if (!meta.audioType) write(() => store.update(meta.id, { audioType: mediaRecorder.mimeType || null }));
        startLevelMeter(stream);
      }
      await keepAwake();
    },
    [flushFixes, keepAwake, startLevelMeter, store, write],
  );

  /** Start: asks for the location and the microphone, records what it may, and says what it may not. Null when neither. */
  const start = useCallback(
    async (ownerId: string, setup: FlightSetup): Promise<string | null> => {
      if (!store || running.current) return null;
      // Asks the browser not to clear the phone's storage under pressure while a flight waits there to be sent.
      void navigator.storage?.persist?.().catch(() => false);
      // Fixes arriving before the recording exists are kept here and written with the first batch.
      const early: Fix[] = [];
      const locationPromise = (await isLocationDenied())
        ? Promise.resolve({ watchId: null, isRefused: true })
        : watchPositions((fix) => (running.current ? onFix(fix) : early.push(fix)));
      const [stream, location] = await Promise.all([openMicrophone(), locationPromise]);
      if (!stream && location.isRefused) return recorderMessages.bothRefused;
      const meta = await store.create({
        id: crypto.randomUUID(),
        ownerId,
        ...setup,
        startedAt: Date.now(),
        hasAudio: Boolean(stream),
        hasPositions: !location.isRefused,
        audioType: null,
      });
      const notices = [!stream ? recorderMessages.trackOnly : null, location.isRefused ? recorderMessages.audioOnly : null].filter((notice) => notice !== null);
      await begin(meta, stream, location.watchId, [], notices);
      for (const fix of early) onFix(fix);
      return null;
    },
    [begin, onFix, store],
  );

  /**
   * A recording the page was reloaded or closed during: the track and markers go on, and the audio in a new take when
   * the microphone opens again (the permission was given at Start, so it opens without asking on most phones).
   */
  const resume = useCallback(
    async (meta: RecordingMeta) => {
      if (!store || running.current) return;
      const [markers, fixes] = await Promise.all([store.readMarkers(meta.id), store.readFixes(meta.id)]);
      lastFixRef.current = fixes.at(-1) ?? null;
      const [location, stream] = await Promise.all([
        meta.hasPositions ? watchPositions(onFix) : { watchId: null, isRefused: true },
        meta.hasAudio ? openMicrophone() : null,
      ]);
      const notices = meta.hasAudio ? [stream ? recorderMessages.interrupted : recorderMessages.interruptedNoMicrophone] : [];
      await begin(meta, stream, location.watchId, markers, notices);
      setLive((previous) => (previous ? { ...previous, fixCount: fixes.length + previous.fixCount } : previous));
    },
    [begin, onFix, store],
  );

  const addMarker = useCallback(
    (key: MarkerKey) => {
      const current = running.current;
      if (!store || !current) return;
      const marker: RecordedMarker = { key, timestamp: Date.now(), position: lastFixRef.current };
      write(() => store.addMarker(current.recordingId, marker));
      setLive((previous) => (previous ? { ...previous, markers: [...previous.markers, marker] } : previous));
    },
    [store, write],
  );

  const release = useCallback((current: Running) => {
    if (current.watchId !== null) navigator.geolocation.clearWatch(current.watchId);
    if (current.flushTimer) clearInterval(current.flushTimer);
    current.stream?.getTracks().forEach((track) => track.stop());
    void current.audioContext?.close();
    void current.wakeLock?.release().catch(() => {});
  }, []);

  /** Stop: the last audio piece and fixes are written, then the recording waits to be sent. Answers its id. */
  const stop = useCallback(async (): Promise<string | null> => {
    const current = running.current;
    if (!store || !current) return null;
    const recorder = current.mediaRecorder;
    if (recorder && recorder.state !== 'inactive') {
      // MediaRecorder hands over its last piece before its stop event.
      await new Promise<void>((resolve) => {
        recorder.addEventListener('stop', () => resolve(), { once: true });
        recorder.stop();
      });
    }
    flushFixes();
    running.current = null;
    release(current);
    await current.writes;
    await store.update(current.recordingId, { state: 'stopped', stoppedAt: Date.now() });
    setLive(null);
    lastFixRef.current = null;
    return current.recordingId;
  }, [flushFixes, release, store]);

  const isRecording = live !== null;

  // While recording: a warning before leaving the page, and the wake lock taken again when the screen comes back
  // (browsers release it whenever the page is hidden).
  useEffect(() => {
    if (!isRecording) return;
    const warn = (event: BeforeUnloadEvent) => {
      flushFixes();
      event.preventDefault();
      event.returnValue = recorderMessages.leaveWarning;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void keepAwake();
      // Hidden: the page may be stopped at any moment, so what is in memory is written now.
      else flushFixes();
    };
    window.addEventListener('beforeunload', warn);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('beforeunload', warn);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [flushFixes, isRecording, keepAwake]);

  // Leaving the screen by the app's own navigation ends the watch and the microphone; the recording stays 'recording'
  // and is picked up when the screen opens again.
  useEffect(
    () => () => {
      const current = running.current;
      if (!current) return;
      flushFixes();
      running.current = null;
      current.mediaRecorder?.stop();
      release(current);
    },
    [flushFixes, release],
  );

  return { live, start, resume, stop, addMarker };
}
