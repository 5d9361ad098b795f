export { AudioProcessingError, audioProcessingMessages } from './audio-processing-error.ts';
export { findBundledFfmpeg, findFfmpeg } from './ffmpeg-path.ts';
export { processAudio, type ProcessAudioOptions, type ProcessedAudio } from './process-audio.ts';
