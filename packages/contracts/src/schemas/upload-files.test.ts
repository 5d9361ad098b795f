import { describe, expect, it } from 'vitest';
import { audioUploadMetadataSchema } from './trips.ts';
import { isAudioContentType, toSafeFileName, uploadFileNameSchema } from './upload-files.ts';

describe('file names a client gives', () => {
  it.each([
    ['cockpit.opus', 'cockpit.opus'],
    ['../../../etc/cron.d/x', 'x'],
    ['C:\\Users\\pilot\\Recordings\\left seat.wav', 'left seat.wav'],
    ['/var/tmp/.hidden.m4a', 'hidden.m4a'],
    ['  ..  spaced out.mp3 ', 'spaced out.mp3'],
    ['flight\u0007\u001b one.flac', 'flight one.flac'],
    ['invoice\u202Egpj.exe', 'invoicegpj.exe'],
    ['Vol du matin ✈ Évreux.m4a', 'Vol du matin ✈ Évreux.m4a'],
    ['飛行記録.ogg', '飛行記録.ogg'],
    ['..', ''],
    ['dir/', ''],
  ])('%j is kept as %j', (given, kept) => {
    expect(toSafeFileName(given)).toBe(kept);
  });

  it('refuses a name that keeps nothing, and keeps the reduced one otherwise', () => {
    expect(uploadFileNameSchema.safeParse('../../').error?.issues[0]?.message).toBe('File name must name a file, not only dots, slashes or spaces');
    expect(uploadFileNameSchema.safeParse('').error?.issues[0]?.message).toBe('File name is required');
    expect(uploadFileNameSchema.parse('../notes/track.gpx')).toBe('track.gpx');
  });
});

describe('content types an audio upload may declare', () => {
  it.each(['audio/ogg', 'audio/ogg; codecs=opus', 'AUDIO/MPEG', 'audio/x-m4a', 'video/mp4', 'video/webm', 'video/ogg', 'video/3gpp', 'application/ogg', 'application/octet-stream', ''])(
    '%j is taken',
    (contentType) => expect(isAudioContentType(contentType)).toBe(true),
  );

  it.each(['application/x-msdownload', 'application/pdf', 'text/html', 'image/png', 'video/quicktime', 'application/zip'])('%j is refused', (contentType) =>
    expect(isAudioContentType(contentType)).toBe(false),
  );

  it('names the declared filetype with a message a pilot understands', () => {
    const result = audioUploadMetadataSchema.safeParse({ filename: 'x.exe', filetype: 'application/x-msdownload' });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['filetype'], message: 'This file is not audio Skylog can read. Upload an MP3, M4A, WAV, FLAC or Opus recording.' }),
    ]);
  });
});
