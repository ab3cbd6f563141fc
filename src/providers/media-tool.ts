/** The media tool (ffmpeg) located at start-up; null when none was found. */
export interface MediaTool {
  readonly path: string;
  readonly version: string;
}
