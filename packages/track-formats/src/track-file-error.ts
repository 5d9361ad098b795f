import type { TrackPoint } from '@skylog/contracts';

/** A track file Skylog cannot read. The message is shown to the pilot as the error for that file. */
export class TrackFileError extends Error {
  override readonly name: string = 'TrackFileError';
}

/** A position of a path without a time (a GPX route, a KML LineString). */
export type UntimedPoint = Omit<TrackPoint, 'timestamp'>;

/** A path whose points have no times: readable once the pilot gives the take-off and landing times. */
export class UntimedTrackError extends TrackFileError {
  override readonly name = 'UntimedTrackError';

  constructor(
    message: string,
    readonly path: UntimedPoint[],
  ) {
    super(message);
  }
}
