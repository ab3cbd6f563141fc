import type { ESLint } from 'eslint';
export const SOURCE_FOLDERS: string[];
declare const plugin: ESLint.Plugin;
export default plugin;
