import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import busboy from 'busboy';
import { createError } from '../core/errors.js';

/** The one file of an upload, written to disk while it arrives (never held in memory). */
export interface ReceivedFile {
  path: string;
  /** The name the client gave the part, if any. */
  filename: string | null;
  /** The part's own Content-Type (the client's claim; detection goes by the bytes). */
  contentType: string | null;
  size: number;
  sha256: string;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  file: ReceivedFile | null;
}

export interface ReceiveOptions {
  /** Field name of the file part. */
  fileField: string;
  maxFileBytes: number;
  /** Directory the file is written to (the caller creates and removes it). */
  dir: string;
}

/** Text fields and their size: generous for metadata JSON, small against memory exhaustion. */
const MAX_FIELDS = 50;
const MAX_FIELD_BYTES = 1024 * 1024;
/** After a refusal the rest of the body is read and dropped so the client sees the answer; beyond this the socket is cut. */
const DRAIN_LIMIT_BYTES = 256 * 1024 * 1024;

/**
 * Reads a multipart/form-data request with busboy: text fields into a map, the single file part (`fileField`)
 * streamed into `dir` with its SHA-256. Past `maxFileBytes` the file is removed at once and the upload refused with
 * FILE_TOO_LARGE (413); a second file, a file under another name, too many or too large fields are 400s, as is a
 * body that ends mid-part.
 */
export function receiveUpload(req: IncomingMessage, opts: ReceiveOptions): Promise<ReceivedUpload> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        limits: { fileSize: opts.maxFileBytes, fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, files: 2, parts: MAX_FIELDS + 2 },
      });
    } catch (err) {
      reject(createError('VALIDATION_FAILED', [`malformed multipart request: ${(err as Error).message}`]));
      return;
    }
    const fields: Record<string, string> = {};
    let file: ReceivedFile | null = null;
    let fileDone: Promise<void> = Promise.resolve();
    let failed = false;

    const fail = (err: Error) => {
      if (failed) return;
      failed = true;
      req.unpipe(bb);
      // Drop the rest of the body so the answer reaches the client; a body far past any limit is cut off.
      let drained = 0;
      req.on('data', (chunk: Buffer) => {
        drained += chunk.length;
        if (drained > DRAIN_LIMIT_BYTES) req.destroy();
      });
      req.resume();
      const cleanup = file ? rm(file.path, { force: true }) : Promise.resolve();
      void cleanup.finally(() => {
        if (req.readableEnded || req.destroyed) reject(err);
        else {
          req.once('end', () => reject(err));
          req.once('close', () => reject(err));
        }
      });
    };

    bb.on('file', (name, stream, info) => {
      if (failed) {
        stream.resume();
        return;
      }
      if (name !== opts.fileField) {
        stream.resume();
        fail(createError('VALIDATION_FAILED', [`unexpected file field "${name}"; send the file as "${opts.fileField}"`]));
        return;
      }
      if (file) {
        stream.resume();
        fail(createError('VALIDATION_FAILED', ['send exactly one file per upload']));
        return;
      }
      const target = path.join(opts.dir, 'upload');
      const hash = createHash('sha256');
      const received: ReceivedFile = {
        path: target,
        filename: info.filename ? path.basename(info.filename).slice(0, 1000) : null,
        contentType: info.mimeType && info.mimeType !== 'application/octet-stream' ? info.mimeType : null,
        size: 0,
        sha256: '',
      };
      file = received;
      const out = createWriteStream(target);
      fileDone = new Promise<void>((done, broke) => {
        out.on('finish', done);
        out.on('error', broke);
        stream.on('error', broke);
      });
      fileDone.catch((err: Error) => fail(createError('VALIDATION_FAILED', [`could not read the file: ${err.message}`])));
      stream.on('data', (chunk: Buffer) => {
        received.size += chunk.length;
        hash.update(chunk);
      });
      stream.on('limit', () => {
        out.destroy();
        fail(createError('FILE_TOO_LARGE', [opts.maxFileBytes, 'MNEMO_MAX_UPLOAD_BYTES']));
      });
      stream.on('end', () => {
        received.sha256 = hash.digest('hex');
      });
      stream.pipe(out);
    });
    bb.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(createError('VALIDATION_FAILED', [`field "${name}" is longer than ${MAX_FIELD_BYTES} bytes`]));
      else if (name === opts.fileField) fail(createError('VALIDATION_FAILED', [`"${opts.fileField}" must be a file part, not a text field`]));
      else fields[name] = value;
    });
    bb.on('filesLimit', () => fail(createError('VALIDATION_FAILED', ['send exactly one file per upload'])));
    bb.on('fieldsLimit', () => fail(createError('VALIDATION_FAILED', [`at most ${MAX_FIELDS} fields`])));
    bb.on('partsLimit', () => fail(createError('VALIDATION_FAILED', [`at most ${MAX_FIELDS + 2} parts`])));
    bb.on('error', (err: Error) => fail(createError('VALIDATION_FAILED', [`malformed multipart body: ${err.message}`])));
    bb.on('close', () => {
      if (failed) return;
      fileDone.then(
        () => {
          if (!failed) resolve({ fields, file });
        },
        () => {},
      );
    });
    req.on('aborted', () => fail(createError('VALIDATION_FAILED', ['the upload was interrupted'])));
    req.pipe(bb);
  });
}
