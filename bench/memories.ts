/**
 * Memory benchmark (issue 26): scenario quality, extraction precision, LoCoMo recall of memories, and speed at
 * 10,000 memories in one tag, all through the HTTP API of an embedded runtime. See bench/memories/cli.ts and the
 * memory section of bench/README.md.
 *
 *   npm run bench:memories                                   # all parts, offline engine, ~20 min on 2 cores
 *   npm run bench:memories -- --parts quality                # scenarios + precision, a few minutes
 *   npm run bench:memories -- --parts speed --full           # 10,000 memories and 3,000 documents in one tag
 *   npm run bench:memories -- --scenarios <file|dir> --shared <data dir>
 *   MNEMO_LLM_URL=... MNEMO_LLM_API_KEY=... MNEMO_LLM_MODEL=... npm run bench:memories -- --llm --parts quality
 */
import { parseBenchArgs, runBench } from './memories/cli.js';

runBench(parseBenchArgs(process.argv.slice(2))).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
