export interface ImportEdge {
  specifier: string;
  target: string;
  typeOnly: boolean;
  index: number;
}
export function importsOf(file: string, text?: string): ImportEdge[];
export function sourceFiles(dir: string): string[];
export function findCycles(files: string[], options?: { withTypes?: boolean; read?: (file: string) => string }): string[][];
