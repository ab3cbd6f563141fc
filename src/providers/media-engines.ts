import type { Config } from '../core/config.js';
import type { Logger } from '../core/logger.js';
import { locateFfmpeg } from './ffmpeg.js';
import type { MediaTool } from './media-tool.js';
import { createOpenAITranscriber } from './openai-transcriber.js';
import type { Transcriber } from './transcriber.js';
import { createWhisperTranscriber, whisperUnavailableReason } from './whisper-transcriber.js';

export interface MediaEngines {
  ffmpeg: MediaTool | null;
  transcriber: Transcriber | null;
  unavailable: { ffmpeg?: string; transcriber?: string };
  close(): Promise<void>;
}

/**
 * ffmpeg (located once) and the transcriber chosen by MNEMO_TRANSCRIPTION: auto = the OpenAI-compatible endpoint
 * when MNEMO_TRANSCRIPTION_URL is set, else the offline faster-whisper helper when it is installed, else none.
 */
export async function createMediaEngines(config: Readonly<Config>, logger: Logger): Promise<MediaEngines> {
  const found = await locateFfmpeg(config.media.ffmpegPath);
  const unavailable: MediaEngines['unavailable'] = {};
  if (!found.tool) {
    unavailable.ffmpeg = found.reason;
    logger.warn('ffmpeg not available: audio and video files will fail', { reason: found.reason });
  }
  const t = config.media.transcription;
  let transcriber: Transcriber | null = null;
  let close = async () => {};
  const wantOpenAI = t.mode === 'openai' || (t.mode === 'auto' && t.url);
  if (t.mode === 'off') {
    unavailable.transcriber = 'transcription is switched off (MNEMO_TRANSCRIPTION=off)';
  } else if (wantOpenAI && t.url) {
    transcriber = createOpenAITranscriber({ url: t.url, apiKey: t.apiKey, model: t.model, timeoutMs: t.timeoutMs, logger });
  } else {
    const reason = whisperUnavailableReason({ python: t.whisperPython, modelPath: t.whisperModelPath });
    if (reason) {
      unavailable.transcriber = t.mode === 'auto' ? `no MNEMO_TRANSCRIPTION_URL and the offline engine is not installed: ${reason}` : reason;
    } else {
      const whisper = createWhisperTranscriber({ python: t.whisperPython, modelPath: t.whisperModelPath, threads: t.whisperThreads, logger });
      transcriber = whisper;
      close = whisper.close;
    }
  }
  if (unavailable.transcriber) logger.warn('no transcription engine: audio and video files will fail', { reason: unavailable.transcriber });
  return { ffmpeg: found.tool, transcriber, unavailable, close };
}
