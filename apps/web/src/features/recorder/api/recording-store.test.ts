import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RecordingStore, type Fix, type NewRecording } from './recording-store.ts';

let store: RecordingStore;
let dbName: string;
let opened = 0;

const newRecording = (id: string, startedAt = 1_700_000_000_000): NewRecording => ({
  id,
  ownerId: 'pilot-1',
  tripName: 'Flight',
  aircraftId: null,
  leftSeat: 'pilot-1',
  rightSeat: null,
  startedAt,
  hasAudio: true,
  hasPositions: true,
  audioType: 'audio/webm;codecs=opus',
});

const fix = (timestamp: number): Fix => ({ timestamp, latitude: 47.5, longitude: -122.3, accuracy: 5, altitude: 120, speed: 40, heading: 90 });

beforeEach(async () => {
  dbName = `recorder-test-${++opened}`;
  store = await RecordingStore.open(dbName);
});
afterEach(() => store.close());

describe('the recording store', () => {
  it('keeps what was written when the page is gone and opened again (a crash or a reload)', async () => {
    await store.create(newRecording('r1'));
    await store.appendFixes('r1', [fix(1), fix(2)]);
    await store.addMarker('r1', { key: 2, timestamp: 2, position: fix(2) });
    await store.appendAudio('r1', 0, 0, new Blob(['first ']));
    store.close();

    store = await RecordingStore.open(dbName);
    const read = await store.read('r1');
    expect(read?.meta.state).toBe('recording');
    expect(read?.fixes.map((item) => item.timestamp)).toEqual([1, 2]);
    expect(read?.markers).toEqual([{ key: 2, timestamp: 2, position: fix(2) }]);
    expect(await (await store.readAudioTakes('r1'))[0]?.audio.text()).toBe('first ');
  });

  it('reads the audio back as one Blob with its pieces in recorded order and the recorder’s content type', async () => {
    await store.create(newRecording('r1'));
    // Writes finish out of order when several are in flight: the sequence decides the order, not the arrival.
    await Promise.all([store.appendAudio('r1', 2, 0, new Blob(['three'])), store.appendAudio('r1', 0, 0, new Blob(['one '])), store.appendAudio('r1', 1, 0, new Blob(['two ']))]);
    for (let sequence = 3; sequence < 12; sequence++) await store.appendAudio('r1', sequence, 0, new Blob([`.${sequence}`]));
    const [take, ...others] = await store.readAudioTakes('r1');
    expect(others).toEqual([]);
    const audio = take?.audio;
    expect(await audio?.text()).toBe('one two three.3.4.5.6.7.8.9.10.11');
    expect(audio?.type).toBe('audio/webm;codecs=opus');
    expect(await store.countAudio('r1')).toBe(12);
  });

  it('keeps each recording’s fixes, markers and audio apart', async () => {
    await store.create(newRecording('a'));
    await store.create(newRecording('b', 1_700_000_100_000));
    await store.appendFixes('a', [fix(10)]);
    await store.appendFixes('b', [fix(20), fix(21)]);
    await store.appendFixes('a', [fix(11), fix(12)]);
    await store.appendAudio('a', 0, 0, new Blob(['a']));
    await store.appendAudio('b', 0, 0, new Blob(['b']));
    expect((await store.readFixes('a')).map((item) => item.timestamp)).toEqual([10, 11, 12]);
    expect((await store.readFixes('b')).map((item) => item.timestamp)).toEqual([20, 21]);
    expect(await (await store.readAudioTakes('b'))[0]?.audio.text()).toBe('b');
    expect((await store.list()).map((item) => item.id)).toEqual(['a', 'b']);
  });

  it('keeps each microphone take apart with when it started: the page reloaded mid-flight opens a second take', async () => {
    await store.create(newRecording('r1'));
    expect(await store.startTake('r1', 1_700_000_000_300)).toBe(0);
    await store.appendAudio('r1', 0, 0, new Blob(['before ']));
    await store.appendAudio('r1', 1, 0, new Blob(['the reload']));
    store.close();
    store = await RecordingStore.open(dbName);
    // The reload: the sequence goes on, the take is new.
    expect(await store.startTake('r1', 1_700_000_095_000)).toBe(1);
    await store.appendAudio('r1', 2, 1, new Blob(['after']));
    // A take that recorded nothing before the next reload is left out.
    expect(await store.startTake('r1', 1_700_000_200_000)).toBe(2);
    const takes = await store.readAudioTakes('r1');
    expect(takes.map((take) => take.startedAt)).toEqual([1_700_000_000_300, 1_700_000_095_000]);
    expect(await Promise.all(takes.map((take) => take.audio.text()))).toEqual(['before the reload', 'after']);
    expect(takes[1]?.audio.type).toBe('audio/webm;codecs=opus');
  });

  it('has no audio for a recording made without the microphone', async () => {
    await store.create({ ...newRecording('r1'), hasAudio: false, audioType: null });
    expect(await store.readAudioTakes('r1')).toEqual([]);
  });

  it('remembers the created flight and the state, so a retry sends to the same flight', async () => {
    await store.create(newRecording('r1'));
    await store.update('r1', { state: 'uploading', tripId: 'trip-9' });
    store.close();
    store = await RecordingStore.open(dbName);
    expect(await store.get('r1')).toMatchObject({ state: 'uploading', tripId: 'trip-9', ownerId: 'pilot-1' });
  });

  it('deletes a recording with everything recorded with it, and nothing of another', async () => {
    await store.create(newRecording('a'));
    await store.create(newRecording('b'));
    for (const id of ['a', 'b']) {
      await store.appendFixes(id, [fix(1)]);
      await store.addMarker(id, { key: 1, timestamp: 1, position: null });
      await store.appendAudio(id, 0, 0, new Blob([id]));
    }
    await store.delete('a');
    expect(await store.read('a')).toBeUndefined();
    expect(await store.readFixes('a')).toEqual([]);
    expect(await store.readMarkers('a')).toEqual([]);
    expect(await store.readAudioTakes('a')).toEqual([]);
    expect((await store.read('b'))?.fixes).toHaveLength(1);
    expect(await (await store.readAudioTakes('b'))[0]?.audio.text()).toBe('b');
  });
});
