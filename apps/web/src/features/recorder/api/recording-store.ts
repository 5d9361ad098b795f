import type { CrewChoices, MarkerKey } from '@skylog/contracts';
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * Where a recording is in its life (docs/product.md "Recording on a phone"): being recorded; stopped and waiting to be
 * sent; being sent; sent (the server confirmed, the local copy is about to go); or waiting for the person to say
 * whether a short or position-less recording is a flight worth sending.
 */
export type RecordingState = 'recording' | 'stopped' | 'uploading' | 'uploaded' | 'needs-question';

/** One GPS fix as the Geolocation API gives it: metres, metres per second, degrees true; null where the phone gave none. */
export type Fix = {
  timestamp: number;
  latitude: number;
  longitude: number;
  accuracy: number | null;
  altitude: number | null;
  speed: number | null;
  heading: number | null;
};

/** A rocker key pressed in flight, at the position known then (none before the first fix). */
export type RecordedMarker = { key: MarkerKey; timestamp: number; position: Fix | null };

export type RecordingMeta = {
  id: string;
  /** Whose recording it is: only they send it, so a shared phone never sends one person's flight as another's. */
  ownerId: string;
  /** The flight's name when it is sent. */
  tripName: string;
  aircraftId: string | null;
  leftSeat: string | null;
  rightSeat: string | null;
  /** Epoch milliseconds of Start and of Stop (null while recording). */
  startedAt: number;
  stoppedAt: number | null;
  state: RecordingState;
  /** What the recorder could use, so the screen can say it: a refused microphone records the track only, and so on. */
  hasAudio: boolean;
  hasPositions: boolean;
  /** The audio's content type as the browser's MediaRecorder chose it. */
  audioType: string | null;
  /** Set once the server created the flight: a retry sends the audio to it and never creates a second flight. */
  tripId: string | null;
  /** The person said "send anyway" to a short or position-less recording. */
  isSendConfirmed: boolean;
  /** Why the last attempt to send stopped, for the screen (a sign-in needed, the connection, the server's message). */
  lastError: string | null;
  /**
   * When each microphone take started (epoch ms): one take, unless the page was reloaded while recording and the
   * microphone opened again. The server joins the takes on the flight's timeline (docs/recorder-api.md "Recordings in
   * takes"). Missing in a recording stored before takes were kept: its one take started at Start.
   */
  takes?: number[];
};

/** One MediaRecorder piece; `take` is the index of its take in the recording's `takes` (missing: the first). */
type AudioChunk = { recordingId: string; sequence: number; take?: number; bytes: ArrayBuffer };
/** One take's audio, to send: when it started (epoch ms) and its bytes. */
export type AudioTakeBlob = { startedAt: number; audio: Blob };
type PositionBatch = { recordingId: string; fixes: Fix[] };
type MarkerRow = { recordingId: string; marker: RecordedMarker };
/** The aircraft and crew choices as last read from the server, so a flight can be set up with no network. */
export type CachedChoices = {
  ownerId: string;
  aircraft: Array<{ id: string; tail_number: string; type: string | null }>;
  crew: CrewChoices;
  rockers: Array<{ key: MarkerKey; text: string; color: string }>;
  savedAt: number;
};

/**
 * Who last opened the recorder on this phone (their id and name only): with no network the server cannot say who is
 * signed in, and a flight recorded then is theirs. Sending it still needs their own session.
 */
export type RecorderIdentity = { ownerId: string; name: string };

type RecorderDb = DBSchema & {
  recordings: { key: string; value: RecordingMeta };
  positions: { key: number; value: PositionBatch; indexes: { recording: string } };
  markers: { key: number; value: MarkerRow; indexes: { recording: string } };
  audio: { key: [string, number]; value: AudioChunk; indexes: { recording: string } };
  choices: { key: string; value: CachedChoices };
  identity: { key: string; value: RecorderIdentity };
};

export type NewRecording = Pick<RecordingMeta, 'id' | 'ownerId' | 'tripName' | 'aircraftId' | 'leftSeat' | 'rightSeat' | 'startedAt' | 'hasAudio' | 'hasPositions' | 'audioType'>;

/** A recording read back whole, to send. */
export type StoredRecording = { meta: RecordingMeta; fixes: Fix[]; markers: RecordedMarker[] };

export const recorderDbName = 'skylog-recorder';

/**
 * The phone recorder's local store (IndexedDB): each recording's details, its GPS fixes in batches, its markers and its
 * audio in the pieces MediaRecorder hands over, each written as it arrives so a crash or a reload loses only what was
 * not yet written (docs/product.md "Recording on a phone"). Audio is kept as bytes rather than Blobs: some browsers
 * have refused Blobs in IndexedDB, and bytes read back the same everywhere.
 */
export class RecordingStore {
  private constructor(private readonly db: IDBPDatabase<RecorderDb>) {}

  static async open(name = recorderDbName): Promise<RecordingStore> {
    const db = await openDB<RecorderDb>(name, 1, {
      upgrade(database) {
        database.createObjectStore('recordings', { keyPath: 'id' });
        database.createObjectStore('positions', { autoIncrement: true }).createIndex('recording', 'recordingId');
        database.createObjectStore('markers', { autoIncrement: true }).createIndex('recording', 'recordingId');
        database.createObjectStore('audio', { keyPath: ['recordingId', 'sequence'] }).createIndex('recording', 'recordingId');
        database.createObjectStore('choices', { keyPath: 'ownerId' });
        database.createObjectStore('identity');
      },
    });
    return new RecordingStore(db);
  }

  close(): void {
    this.db.close();
  }

  async create(recording: NewRecording): Promise<RecordingMeta> {
    const meta: RecordingMeta = {
      ...recording,
      stoppedAt: null,
      state: 'recording',
      tripId: null,
      isSendConfirmed: false,
      lastError: null,
      takes: [],
    };
    await this.db.add('recordings', meta);
    return meta;
  }

  get(id: string): Promise<RecordingMeta | undefined> {
    return this.db.get('recordings', id);
  }

  /** Every recording on this phone, oldest first. */
  async list(): Promise<RecordingMeta[]> {
    return (await this.db.getAll('recordings')).sort((a, b) => a.startedAt - b.startedAt);
  }

  /** Changes a recording's details in one transaction, so two writers never undo each other's change. */
  async update(id: string, change: Partial<Omit<RecordingMeta, 'id' | 'ownerId'>>): Promise<RecordingMeta> {
    const tx = this.db.transaction('recordings', 'readwrite');
    const current = await tx.store.get(id);
    if (!current) throw new Error(`No recording ${id}`);
    const next = { ...current, ...change };
    await tx.store.put(next);
    await tx.done;
    return next;
  }

  async appendFixes(recordingId: string, fixes: Fix[]): Promise<void> {
    if (fixes.length) await this.db.add('positions', { recordingId, fixes });
  }

  async addMarker(recordingId: string, marker: RecordedMarker): Promise<void> {
    await this.db.add('markers', { recordingId, marker });
  }

  /** A microphone take begins at `startedAt` (epoch ms): answers its index, which its pieces are stored with. */
  async startTake(recordingId: string, startedAt: number): Promise<number> {
    const tx = this.db.transaction('recordings', 'readwrite');
    const current = await tx.store.get(recordingId);
    if (!current) throw new Error(`No recording ${recordingId}`);
    // A recording stored before takes were kept had its one take from Start.
    const takes = [...(current.takes ?? [current.startedAt]), startedAt];
    await tx.store.put({ ...current, takes });
    await tx.done;
    return takes.length - 1;
  }

  /** One MediaRecorder piece of take `take`, in order: `sequence` counts from 0 over the whole recording and a piece written twice keeps the later bytes. */
  async appendAudio(recordingId: string, sequence: number, take: number, chunk: Blob): Promise<void> {
    await this.db.put('audio', { recordingId, sequence, take, bytes: await chunk.arrayBuffer() });
  }

  /** How many audio pieces are stored: the next piece's sequence. */
  countAudio(recordingId: string): Promise<number> {
    return this.db.countFromIndex('audio', 'recording', recordingId);
  }

  async readFixes(recordingId: string): Promise<Fix[]> {
    const batches = await this.db.getAllFromIndex('positions', 'recording', recordingId);
    return batches.flatMap((batch) => batch.fixes).sort((a, b) => a.timestamp - b.timestamp);
  }

  async readMarkers(recordingId: string): Promise<RecordedMarker[]> {
    const rows = await this.db.getAllFromIndex('markers', 'recording', recordingId);
    return rows.map((row) => row.marker).sort((a, b) => a.timestamp - b.timestamp);
  }

  async read(recordingId: string): Promise<StoredRecording | undefined> {
    const meta = await this.get(recordingId);
    if (!meta) return undefined;
    const [fixes, markers] = await Promise.all([this.readFixes(recordingId), this.readMarkers(recordingId)]);
    return { meta, fixes, markers };
  }

  /** The audio of each take that recorded anything, in order, its pieces in the order they were recorded. */
  async readAudioTakes(recordingId: string): Promise<AudioTakeBlob[]> {
    const meta = await this.get(recordingId);
    if (!meta) return [];
    // Pieces with no stored take start (stored before takes were kept, or the start's write failed) began at Start.
    const starts = meta.takes?.length ? meta.takes : [meta.startedAt];
    // The primary key [recordingId, sequence] orders the pieces by sequence.
    const chunks = await this.db.getAll('audio', IDBKeyRange.bound([recordingId, 0], [recordingId, Number.MAX_SAFE_INTEGER]));
    return starts
      .map((startedAt, take) => ({
        startedAt,
        audio: new Blob(
          chunks.filter((chunk) => (chunk.take ?? 0) === take).map((chunk) => chunk.bytes),
          { type: meta.audioType ?? '' },
        ),
      }))
      .filter((take) => take.audio.size > 0);
  }

  /** Removes a recording and everything recorded with it: called only once the server confirmed it, or the person discarded it. */
  async delete(recordingId: string): Promise<void> {
    const tx = this.db.transaction(['recordings', 'positions', 'markers', 'audio'], 'readwrite');
    const removeFrom = async (name: 'positions' | 'markers' | 'audio') => {
      let cursor = await tx.objectStore(name).index('recording').openCursor(recordingId);
      while (cursor) {
        await cursor.delete();
        cursor = await cursor.continue();
      }
    };
    await Promise.all([tx.objectStore('recordings').delete(recordingId), removeFrom('positions'), removeFrom('markers'), removeFrom('audio')]);
    await tx.done;
  }

  saveChoices(choices: CachedChoices): Promise<string> {
    return this.db.put('choices', choices);
  }

  readChoices(ownerId: string): Promise<CachedChoices | undefined> {
    return this.db.get('choices', ownerId);
  }

  async saveIdentity(identity: RecorderIdentity): Promise<void> {
    await this.db.put('identity', identity, 'last');
  }

  readIdentity(): Promise<RecorderIdentity | undefined> {
    return this.db.get('identity', 'last');
  }
}
