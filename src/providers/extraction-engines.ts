import type { Config } from '../core/config.js';
import type { Logger } from '../core/logger.js';
import { createMediaEngines } from './media-engines.js';
import type { MediaTool } from './media-tool.js';
import type { OcrEngine } from './ocr.js';
import { createOcrFromConfig } from './tesseract-ocr.js';
import type { Transcriber } from './transcriber.js';

/** The engines file extraction needs beyond plain parsing. A null engine makes its kinds fail with ENGINE_UNAVAILABLE. */
export interface ExtractionEngines {
  ocr: OcrEngine | null;
  transcriber: Transcriber | null;
  ffmpeg: MediaTool | null;
  /** Why an engine is null (shown by /health and in ENGINE_UNAVAILABLE messages). */
  unavailable: { ocr?: string; transcriber?: string; ffmpeg?: string };
  close(): Promise<void>;
}

/** Builds the engines from config once per process (composition/shared.ts calls this, for the API and the Temporal worker alike). */
export async function createExtractionEngines(_config: Readonly<Config>, _logger: Logger): Promise<ExtractionEngines> {
  const closers: (() => Promise<void>)[] = [];
  const media = await createMediaEngines(_config, _logger);
  closers.push(media.close);
  const ocr = createOcrFromConfig(_config.ocr, _logger);
  if (ocr.engine) closers.push(ocr.engine.close);
  const engines: ExtractionEngines = {
    ocr: ocr.engine,
    transcriber: media.transcriber,
    ffmpeg: media.ffmpeg,
    unavailable: { ...(ocr.reason ? { ocr: ocr.reason } : {}), ...media.unavailable },
    close: async () => {
      await Promise.allSettled(closers.map((c) => c()));
    },
  };
  return engines;
}
