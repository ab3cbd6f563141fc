/** Optical character recognition: text of one image in reading order. */
export interface OcrEngine {
  readonly name: string;
  recognize(image: Buffer, options: { signal: AbortSignal }): Promise<{ text: string; confidence: number }>;
}
