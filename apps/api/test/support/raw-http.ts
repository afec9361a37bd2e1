import { connect } from 'node:net';

export type RawResponse = { status: number; headers: Record<string, string>; body: string };

/**
 * One HTTP/1.1 request written byte for byte on a socket, so the request target can be any
 * spelling (absolute-form, doubled or encoded slashes) that fetch would normalise away.
 */
export function rawRequest(
  baseUrl: string,
  request: { method: string; target: string; headers?: Record<string, string>; body?: string | undefined },
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  const body = request.body ?? '';
  const headers = {
    host: `${hostname}:${port}`,
    connection: 'close',
    ...(body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}),
    ...request.headers,
  };
  const head = [
    `${request.method} ${request.target} HTTP/1.1`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    // write, not end: a half-closed socket makes Node abort the request before a slow answer is sent.
    const socket = connect(Number(port), hostname, () => socket.write(`${head}\r\n\r\n${body}`));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const raw = Buffer.concat(chunks);
      const headEnd = raw.indexOf('\r\n\r\n');
      const [statusLine = '', ...headerLines] = raw.subarray(0, headEnd).toString('latin1').split('\r\n');
      const parsed: Record<string, string> = {};
      for (const line of headerLines) {
        const at = line.indexOf(':');
        parsed[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      const payload = raw.subarray(headEnd + 4);
      const body = parsed['transfer-encoding'] === 'chunked' ? dechunk(payload) : payload;
      resolve({ status: Number(statusLine.split(' ')[1]), headers: parsed, body: body.toString('utf8') });
    });
  });
}

function dechunk(payload: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = payload.indexOf('\r\n', at);
    const size = Number.parseInt(payload.subarray(at, lineEnd).toString('latin1'), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(payload.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}
