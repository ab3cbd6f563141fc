/** The media tool (ffmpeg, with its ffprobe) located at start-up; null when none was found. */
export interface MediaTool {
  readonly path: string;
  readonly version: string;
  /** ffprobe from the same installation (durations and streams, as JSON). */
  readonly ffprobe: string;
}
