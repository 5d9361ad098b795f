/**
 * What the phone recorder says (docs/product.md "Recording on a phone"), read by its screen and its tests. Kept apart
 * from `messages` so the first screen's script does not carry them.
 */
export const recorderMessages = {
  title: 'Record a Flight',
  intro: 'Record the track and the cockpit audio of a flight with this phone. Skylog sends the flight when you stop, or as soon as there is a connection.',
  limits:
    'Keep the screen on and the phone plugged in. On some phones a locked screen or another app in front stops the recording. Skylog keeps the screen awake while it records, where the phone allows it.',
  lowStorage: (megabytes: number) =>
    `This phone has only about ${megabytes} MB of storage free for Skylog: a long flight's audio may not fit. Free some space before you start.`,
  noAircraft: 'No aircraft',
  emptySeat: 'Empty seat',
  offlineChoices: 'No connection: the aircraft and crew are those Skylog read last time.',
  noChoicesOffline: 'No connection, and this phone has not yet read your aircraft and crew: the flight is recorded without them and you can set them after it is sent.',
  start: 'Start',
  stop: 'Stop',
  confirmStop: 'Stop the recording and send the flight?',
  starting: 'Asking for the location and the microphone…',
  bothRefused: 'Skylog may use neither the location nor the microphone: allow at least one in the browser’s site settings to record.',
  trackOnly: 'The microphone was refused (or this phone has none): Skylog records the track only, without the cockpit audio.',
  audioOnly: 'The location was refused (or this phone has none): Skylog records the cockpit audio only, without a track.',
  interrupted:
    'The page was reloaded while recording: the track, markers and cockpit audio go on. The audio has a gap of silence where the page was reloading.',
  interruptedNoMicrophone:
    'The page was reloaded while recording: the track and markers go on, but the microphone could not be opened again, so the cockpit audio stopped at the reload.',
  wakeLockUnavailable: 'This browser cannot keep the screen awake: keep it on yourself.',
  waitingForFix: 'Waiting for a GPS fix…',
  leaveWarning: 'A flight is being recorded. Leaving this page stops it.',
  signInToSend: 'Sign in again to send this flight: it stays on this phone until then.',
  sendWhenOnline: 'No connection: the flight stays on this phone and is sent when the connection is back.',
  shortOrNoFix: (seconds: number, hasFix: boolean) =>
    hasFix
      ? `This recording is only ${seconds} s long. Send it as a flight anyway, or discard it?`
      : 'This recording has no GPS position. Send it as a flight anyway (the audio only), or discard it?',
  sendAnyway: 'Send anyway',
  discard: 'Discard',
  confirmDiscard: 'Discard this recording? It is removed from this phone and cannot be brought back.',
  sendNow: 'Send now',
  localRecordings: 'Recordings on this phone',
  noLocalRecordings: 'No recordings are waiting on this phone.',
  otherPeoplesRecordings: (count: number) =>
    `${count} recording${count === 1 ? '' : 's'} on this phone belong${count === 1 ? 's' : ''} to someone else: they are sent when that person signs in here.`,
  states: {
    recording: 'Recording',
    stopped: 'Waiting to be sent',
    uploading: 'Sending',
    uploaded: 'Sent',
    'needs-question': 'Waiting for your answer',
  },
  sent: 'The flight is sent.',
  openFlight: 'Open the flight',
  sendingFlight: 'Sending the flight…',
  sendingAudio: 'Sending the cockpit audio…',
  firstVisitOnline: 'Open the recorder once while signed in and connected: then it works on this phone without a connection too.',
  /** The per-browser "Recorder keys" settings: which key drops which rocker marker (docs/product.md "Recording on a phone"). */
  recorderKeys: {
    title: 'Recorder keys',
    intro:
      'A Bluetooth page-turner remote, a headset button or a keyboard can drop the markers while recording. Choose the key for each rocker: press Set key, then the key on the remote. Escape cancels.',
    headsetNote:
      'Some phones pass a headset’s button to the page only while it plays or records audio: try the button once recording has started.',
    setKey: (label: string) => `Set key for ${label}`,
    pressKey: (label: string) => `Press the key for ${label} now (Escape cancels)`,
    saved: (key: string, label: string) => `${key} now drops ${label}.`,
    cancelled: 'No key was changed.',
    taken: (key: string, label: string) => `${key} already drops ${label}: choose another key, or change ${label}’s key first.`,
    reserved: (key: string) => `${key} cannot drop a marker: choose another key.`,
    reset: 'Use keys 1–4 again',
  },
  storageUnavailable: 'This browser cannot store recordings (private browsing, or storage is switched off): the recorder cannot work here.',
} as const;
