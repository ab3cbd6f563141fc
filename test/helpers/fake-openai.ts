import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from './server-process.js';

/** One scripted answer of the fake server, used once, in order. */
export type FakeReply =
  /** A chat completion whose assistant message is `content` (a string, or any value sent as its JSON). */
  | { content: unknown; delayMs?: number }
  /** Any status, body (string or JSON) and headers, e.g. 429 with retry-after. */
  | { status: number; body?: unknown; headers?: Record<string, string>; delayMs?: number }
  /** Never answers (until the client gives up or the server closes). */
  | { hang: true }
  /** Closes the connection without an answer (a network error for the client). */
  | { drop: true };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON body (undefined when it was not JSON). */
  body: { model?: string; messages?: { role: string; content: string }[]; response_format?: unknown; [k: string]: unknown } | undefined;
  at: number;
}

export interface FakeOpenAI {
  /** Base URL with /v1, e.g. http://127.0.0.1:PORT/v1. */
  url: string;
  origin: string;
  requests: RecordedRequest[];
  /** Appends scripted replies; with the queue empty the server answers 500 "no scripted reply". */
  enqueue(...replies: FakeReply[]): void;
  /** Replies not used yet. */
  pending(): number;
  /** The user messages of request i, joined (what the prompt said). */
  prompt(i: number): string;
  close(): Promise<void>;
}

/** An OpenAI-compatible chat server on 127.0.0.1 that answers from a queue of scripted replies and records requests. */
export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const queue: FakeReply[] = [];
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: RecordedRequest['body'];
      try {
        body = JSON.parse(raw) as RecordedRequest['body'];
      } catch {
        body = undefined;
      }
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, at: Date.now() });
      const reply = queue.shift() ?? { status: 500, body: { error: { message: 'fake-openai: no scripted reply' } } };
      if ('hang' in reply) return;
      if ('drop' in reply) {
        req.socket.destroy();
        return;
      }
      const send = () => {
        if ('content' in reply) {
          const content = typeof reply.content === 'string' ? reply.content : JSON.stringify(reply.content);
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              id: `chatcmpl-${requests.length}`,
              object: 'chat.completion',
              created: Math.floor(Date.now() / 1000),
              model: body?.model ?? 'fake',
              choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
              usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
            }),
          );
          return;
        }
        const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
        res.end(text);
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/v1`,
    origin,
    requests,
    enqueue: (...replies) => void queue.push(...replies),
    pending: () => queue.length,
    prompt: (i) =>
      (requests[i]?.body?.messages ?? [])
        .filter((m) => m.role === 'user')
        .map((m) => m.content)
        .join('\n'),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A JSON-object reply of the fake server (the assistant message content is `value` as JSON). */
export const jsonReply = (value: unknown, delayMs?: number): FakeReply => ({ content: JSON.stringify(value), ...(delayMs ? { delayMs } : {}) });
