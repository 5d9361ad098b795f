const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const flightScreen = new RegExp(`^/dashboard/flights/(${uuid})$`, 'i');
const signedInScreens = /^\/(dashboard|configuration)(\/|$)/;

/**
 * The API reads a page opened by its address needs first: the session for every signed-in screen,
 * and on a flight's screen the trip, its track and its transcript (the largest answers). They are the
 * URLs the screens' own queries ask for (features/auth/api/get-me.ts, features/flight-review/api/get-trip.ts,
 * get-track.ts and get-transcript.ts), so the API client can hand the early answers to them. Only answers the screen
 * always reads: one left unread (the waveform of a flight without audio) stays open in the browser.
 */
export function earlyRequestUrls(pathname: string): string[] {
  if (!signedInScreens.test(pathname)) return [];
  const flight = flightScreen.exec(pathname);
  const tripId = flight ? encodeURIComponent(flight[1]!) : null;
  return ['/api/me', ...(tripId ? [`/api/trips/${tripId}`, `/api/trips/${tripId}/track`, `/api/trips/${tripId}/transcript`] : [])];
}
