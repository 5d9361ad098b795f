/** A track file Skylog cannot read. The message is shown to the pilot as the error for that file. */
export class TrackFileError extends Error {
  override readonly name = 'TrackFileError';
}
