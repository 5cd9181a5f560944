import type { IncomingMessage } from 'node:http';

/** An HTTP request the server refuses: the status, the words, and headers to add. */
export class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Reads a request body up to `max` bytes; a longer one is refused (413) as soon as it is seen to be. */
export function readBody(req: IncomingMessage, max: number): Promise<string> {
  const tooLarge = (): Refused => new Refused(413, `request bodies are at most ${max} bytes`, { connection: 'close' });
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > max) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        req.removeAllListeners('data');
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', reject);
  });
}

/** A request's JSON object body (at most `max` bytes), or a 400 saying what is wrong with it. */
export async function readJson(req: IncomingMessage, max: number): Promise<Record<string, unknown>> {
  const text = await readBody(req, max);
  let value: unknown;
  try {
    value = text === '' ? {} : JSON.parse(text);
  } catch {
    throw new Refused(400, 'the request body is not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Refused(400, 'the request body is a JSON object');
  return value as Record<string, unknown>;
}
