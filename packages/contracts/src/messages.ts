import { limits } from './limits.ts';

/** Every user-facing text, the earlier product's word for word where it had one (docs/product.md "Messages and limits"). */
export const messages = {
  fetchOrgsFailed: 'Failed to fetch orgs',
  fetchSubOrgsFailed: 'Failed to fetch sub orgs',
  fetchTripsFailed: 'Failed to fetch trips',
  fetchTripsByIdFailed: 'Failed to fetch trips by Skylog ID',
  fetchTripsByAdminFailed: 'Failed to fetch trips by admin',
  fetchUsersFailed: 'Failed to fetch users',
  fetchUserFailed: 'Failed to fetch user',
  userNotFound: 'User not found',
  fetchPilotProfilesFailed: 'Failed to fetch pilot profiles',
  fetchTranscriptionsFailed: 'Failed to fetch transcriptions',
  storeMarkersFailed: 'Failed to store markers',
  manualMarkersFailed: 'Failed to manual markers',
  addOrgFailed: 'Failed to add org',
  addSubOrgFailed: 'Failed to add sub org',
  deleteSubOrgFailed: 'Failed to delete subOrg',
  updateSubOrgFailed: 'Failed to update sub org',
  updateCableCollectionFailed: 'Failed to update cable collection',
  addRelationsFailed: 'Failed to add relations',
  deleteRelationsFailed: 'Failed to delete relations',
  storeChangesFailed: 'Failed to store changes',
  getPriceFailed: 'Failed to get price by product id',
  subOrgIdRequired: 'Sub org data must include id',
  unknownError: 'An unknown error occurred',
  unknown: 'Unknown error',
  errorUpdatingProfile: 'Error updating profile',
  duplicatedEmail: 'Duplicated email',
  profileRequired: 'Name, phone, and program are required',
  logoutFailed: 'Failed to logout. Please try again later.',
  changesNotSaved: 'Changes not saved',
  profileUpdated: 'Profile updated',
  permissionDenied: "You don't have permission to access this page",
  organizationSwitched: 'Organization switched!',
  organizationSwitchNote: 'Organization switching is only available for super admins',
  noOrganization: 'NOT AVAILABLE',
  noOrganizationNote:
    'Please be advise to ask your administrator to assign you an organization. Otherwise, you will not be able to assign a student if you are an instructor.',
  organizationNotFound: 'Organization not found',
  loading: 'Loading...',
  hoverToLogOut: 'Hover Here To Log Out',
  // The profile form's field messages (docs/product.md "Profile")
  nameRequired: 'Name is required',
  employmentStatusRequired: 'Employment status is required',
  phoneRequired: 'Phone is required',
  phoneFormat: 'Phone number must be in E.164 format, eg. +1234567890',
  programRequired: 'Program is required',
  // Skylog's own: clear errors for what the earlier product did not show
  notSignedIn: 'You are not signed in. Please sign in again.',
  notFound: 'Not found',
  invalidJson: 'The request body is not valid JSON.',
  badAddress: 'This address is not valid: a part of it is too long or holds a broken character.',
  invalidInput: 'Some fields are not valid.',
  bodyTooLarge: 'The request body is too large.',
  unsupportedMediaType: 'This content type is not supported.',
  waveformUnavailable: 'The audio player could not be loaded. Check your connection and reload the page.',
  compressedBodyRefused: 'Send the request body uncompressed (without Content-Encoding).',
  signInFailed: 'Invalid e-mail or password.',
  emailNotVerified: 'Please verify your e-mail address first: we sent you a link.',
  invitationInvalid: 'This invitation link is invalid or has expired. Ask your administrator for a new one.',
  emailTaken: 'An account with this e-mail address already exists.',
  aircraftNotFound: 'Aircraft not found',
  aircraftTailTaken: 'An aircraft with this tail number is already in your fleet.',
  accountDeactivated: 'This account is deactivated. Ask your administrator to reactivate it.',
  instructorNeedsOrganization: 'You need an organization to assign students. Ask your administrator to assign you one.',
  subOrgRoleNeedsSubOrg: 'Sub-organization admins need a sub-organization: assign one first.',
  tripNotFound: 'Trip not found',
  tripReadOnly: 'You can view this trip but not change it.',
  debriefNeedsInstructor: 'Only instructors and admins write debrief notes.',
  manualMarkerNotFound: 'Marker not found',
  tripNeedsOrganization: 'You need an organization to record trips. Ask your administrator to assign you one.',
  personNotInOrganization: 'Choose people of your organization.',
  aircraftNotInFleet: 'Choose an aircraft of your fleet.',
  seatNotYourStudent: 'Choose yourself or one of your students.',
  seatNotYourInstructor: 'Choose yourself or one of your instructors.',
  seatOutsideSubOrg: 'Choose someone of your sub-organization.',
  crewChangeHidesTrip: 'After this change you could no longer open this flight: keep yourself in a seat.',
  crewChangeHidesTripFromInstructor:
    'After this change you could no longer open this flight: keep yourself or one of your students in a seat.',
  leftSeatRequired: 'Choose the pilot (left seat).',
  uploadPilotFirst: 'Choose the pilot (left seat) first, then the files.',
  uploadNeedsFile: 'Choose a track file, an audio file or both.',
  uploadNeedsName: 'Give the new flight a name.',
  uploadNeedsBeginTime: 'Give the date and time the flight began.',
  uploadNeedsTrip: 'Choose the flight to add the files to.',
  tripUpdated: 'Flight saved',
  tripDeleted: 'Flight deleted',
  accessTokenInvalid: 'This access token is invalid or has been revoked.',
  accessTokenNotAllowed: 'Access tokens can only send and read flights. Sign in to do this.',
  accessTokenNotFound: 'Access token not found',
  uploadNotFound: 'Upload not found',
  uploadOffsetMismatch: 'The upload offset does not match what the server has; ask for the current offset and resume from there.',
  uploadComplete: 'This upload is already complete.',
  uploadInterrupted: 'The connection broke during the upload. Ask for the offset and resume from there.',
  uploadTooLong: 'More bytes were sent than the upload declared.',
  uploadPiecesMissing: 'Part of the recording was lost before it could be processed. Upload it again.',
  audioProcessingFailed: 'The recording could not be processed. Upload it again.',
  uploadTooManyPieces: 'This upload was sent in too many pieces. Send the rest in larger pieces, or upload the recording again.',
  tusVersionUnsupported: 'Skylog speaks tus 1.0.0: send the header Tus-Resumable: 1.0.0.',
  uploadBytesTypeWrong: 'Send the bytes as application/offset+octet-stream.',
  uploadLengthInvalid: 'Upload-Length must be the size of the recording in bytes.',
  uploadOffsetInvalid: 'Upload-Offset must be a byte offset.',
  uploadMetadataInvalid: 'Upload-Metadata must be pairs of a key and its base64 value, separated by commas.',
  uploadEmpty: 'The file is empty.',
  uploadTakesInvalid:
    `takes must list each take as its start in milliseconds after the flight began and its size in bytes ("0:52000,95000:31000"), each starting after the one before, at most ${limits.audioTakesMax} takes within ${limits.audioTakeOffsetMaxMs / 3_600_000} hours.`,
  uploadTakesSizeMismatch: 'The takes’ sizes must add up to Upload-Length.',
  connectionLost: 'The connection was lost. Check your connection and try again.',
  uploadConnectionLost: 'The connection was lost during the upload. Check your connection and upload the file again: it goes on where it stopped.',
  audioNotReady: 'This trip has no audio yet.',
  transcriptNotConfigured:
    'Transcription is not configured on this server. Set DEEPGRAM_API_KEY (Deepgram) or WHISPER_BASE_URL (an OpenAI-compatible Whisper server), then restart Skylog.',
  transcriptNotSetUp: "Transcription is not set up yet. Ask your school's administrator to set it up.",
  transcriptRegenerateConfirm:
    "The new transcript replaces this one when it is ready, and the analysis and automatic debrief draft are redone from it (the instructor's notes stay). Speaker names stay with their numbers, which may then be other voices: check them.",
  transcriptNeedsAudio: 'This flight has no audio to transcribe. Upload its cockpit recording first.',
  transcriptAudioProcessing: 'The audio of this flight is still being processed. Generate the transcript once it is ready.',
  transcriptAlreadyRunning: 'A transcript is already being generated for this flight. Wait for it to finish.',
  transcriptNoSpeech: 'No speech was found in this recording, so the transcript is empty.',
  transcriptAudioReplaced: 'The audio was replaced while it was being transcribed. Generate the transcript again for the new recording.',
  analysisNoTrack: 'No track: phases, landings and approach stability need a GPS track.',
  analysisTimesEstimated:
    "The track's times were estimated at import (its points spread evenly between the take-off and landing given): phases, landings and approach stability are not judged from them.",
  analysisNoCategory:
    "The flight's aircraft category is not known (no aircraft, or one without a category): take-offs and landings follow airplane rules.",
  analysisNoTranscript: 'No transcript: readbacks can be checked once the audio is transcribed.',
  analysisNoAudioClock: 'The audio has no start time, so transcript moments are placed from the start of the flight.',
  analysisUnclearReadbacks:
    'Some readbacks were not judged: a word of the instruction or of the reply was heard too poorly to say it was wrong. Listen to them in the transcript.',
  aiNotesModelFailed: 'The language model could not draft notes',
  audioToolsMissing: 'Audio processing is not available on this server (ffmpeg is missing). Ask your administrator.',
  trackFileMissing: 'Choose a track file (GPX, KML, CSV or IGC).',
  trackFileNotTrack: 'This file is not a GPX, KML, CSV or IGC track.',
  trackAudioLengthNeedsTrip:
    "The audio's length comes from a flight's recording: import the track into the flight that has it, or give the landing time.",
  trackAudioLengthUnknown: 'This flight has no processed audio yet, so its length is unknown: give the landing time instead.',
  audioNotReadable: 'This file is not audio Skylog can read. Upload an MP3, M4A, WAV, FLAC or Opus recording.',
  audioEmpty: 'This recording is empty (under half a second of sound).',
  crossSiteRefused: 'This request came from another site and was refused. Open Skylog at its own address and try again.',
  unstorableCharacter: 'This text contains a character that cannot be stored (NUL, or half of a broken emoji). Remove it and try again.',
  emailChangeOwnerOnly:
    'Only the owner of an account can change its sign-in e-mail. Resend their invitation or deactivate the account instead.',
  emailChangeNeedsConfirmation: 'Your sign-in e-mail changes through a link sent to the new address: use Change e-mail in your profile.',
  emailChangeInvalid: 'This e-mail change link is invalid or has expired. Ask for a new one from your profile.',
  wrongPassword: 'This is not your current password.',
  passwordChanged: 'Password changed. You are signed out everywhere else.',
  schoolRegistrationAccepted: 'Check your e-mail: we sent the next step to this address.',
  uploadsOpenPerPerson:
    'You have too many unfinished uploads on other flights. Finish one (or wait a day: unfinished uploads expire) before starting another.',
  uploadsOpenPerTrip: 'This flight already has unfinished uploads by other people. Let them finish before starting another.',
  uploadReplaced: 'A newer upload to this trip replaced this unfinished one.',
  uploadExpired: 'This upload was not finished within a day and has expired. Start it again.',
  organizationOutOfReach: 'Organization not found',
  subOrgOutOfReach: 'Sub-organization not found in your reach',
  fetchOverviewFailed: 'Failed to fetch the overview',
  fetchTrainingRecordFailed: 'Failed to fetch the training record',
  debriefNoStudent: 'This flight has no student to send the debrief to. Put the student in a seat first.',
  debriefSent: 'Debrief sent',
  trainingExportTooLarge: `This export would hold more than ${limits.trainingExportMaxRows.toLocaleString('en-GB')} flights. Choose fewer days or one sub-organization.`,
  linkOutOfReach: 'Instructor or student not found in your reach',
  cannotChangeOwnAccount: 'You cannot change your own role, organization or status.',
  billingNotConfigured:
    'Billing is off on this server: every organization is treated as paid. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, then restart Skylog, to take payments.',
  billingMisconfigured:
    "Stripe refused this server's key (STRIPE_SECRET_KEY): it is wrong, revoked or lacks a permission. Ask your Skylog administrator to check it.",
  billingCheckoutProcessing: 'Stripe is still processing this payment. Your plan starts as soon as it goes through.',
  billingUnavailable: 'The payment provider (Stripe) could not be reached. Nothing was changed; try again in a minute.',
  billingNotOnePlan: 'Choose one of the plans.',
  billingCablePrice: 'The cable price must be an amount from 0 to 5,000 with at most two decimals.',
  billingCoupon: 'A coupon code is 1 to 64 letters, digits, dashes or underscores.',
  billingAlreadySubscribed: 'Your organization already has a plan. Change it on the Billing screen.',
  billingNoSubscription: 'Your organization has no plan yet. Choose one first.',
  billingNoCustomer: 'Your organization has not paid through Stripe yet.',
  billingCustomerNotYours: "This is not your organization's Stripe customer.",
  billingNeedsOrganization: 'You need an organization to pay for. Ask your administrator to assign you one.',
  billingCheckoutNotFound: 'This checkout was not found for your organization.',
  billingWebhookSignature: 'The Stripe-Signature header is missing, invalid, or dated too far from now.',
  billingSamePlan: 'Your organization is already on this plan.',
  paymentRequired:
    "Your school's Skylog subscription is not active. An administrator of your school can choose a plan on the Billing screen.",
  billingOneOffQuantity: `Order from 1 to ${limits.oneOffQuantityMax}.`,
  billingNotOneOff: 'Choose one of the items sold once (such as the recorder cable).',
} as const;

export function uploadTooLargeMessage(limitBytes: number): string {
  return `The file is larger than the ${Math.round(limitBytes / 1048576)} MB limit.`;
}

/**
 * The end of an upload by someone whose role may not open the flight screen
 * (docs/product.md "Uploads and their limits": the sub-organization admins): it names whose flight it became, since
 * they cannot go and look.
 */
export function flightUploadedForMessage(pilot: string, isAudioSaved: boolean): string {
  return isAudioSaved
    ? `Flight uploaded for ${pilot}. They will find it among their flights.`
    : `The flight was saved for ${pilot}, without the audio. They will find it among their flights.`;
}

export function logoutRetryMessage(attempt: number, maxAttempts: number): string {
  return `Logout failed. Retrying... (${attempt}/${maxAttempts})`;
}

export function signInRateLimitedMessage(retryAfterSeconds: number): string {
  return `Too many sign-in attempts. Please wait ${retryAfterSeconds} seconds and try again.`;
}

export function rateLimitedMessage(retryAfterSeconds: number): string {
  return `Too many requests. Please wait ${retryAfterSeconds} seconds and try again.`;
}

export function addUserFailedMessage(statusText: string): string {
  return `Failed to add user: ${statusText}`;
}

export function fetchTripsFailedMessage(statusText: string): string {
  return `Failed to fetch trips: ${statusText}`;
}

export function generateTranscriptFailedMessage(statusText: string): string {
  return `Failed to generate transcript: ${statusText}`;
}

export function emailChangeSentMessage(newEmail: string): string {
  return `We sent a confirmation link to ${newEmail}. Your sign-in e-mail changes when you open it.`;
}

export function emailChangedMessage(email: string): string {
  return `Your sign-in e-mail is now ${email}. Sign in with it.`;
}

export function generateSessionFailedMessage(status: number, body: string): string {
  return `Failed to generate session: ${status} ${body}`;
}
