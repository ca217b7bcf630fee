/**
 * A client that sends a request's headers at once and then its body one byte at a time (the slow-body
 * attack), over a real socket: what it was answered, once the server closes the connection.
 */
import net from 'node:net';

export type SlowClient = { answer: Promise<string>; stop: () => void };

export function slowClient(
  port: number,
  opts: { path: string; contentType: string; headers?: Record<string, string>; everyMs?: number },
): SlowClient {
  const socket = net.connect(port, '127.0.0.1');
  const headers = Object.entries(opts.headers ?? {})
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  socket.write(
    `POST ${opts.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${opts.contentType}\r\n` +
      `Content-Length: 4000\r\n${headers}\r\n`,
  );
  const drip = setInterval(() => {
    if (socket.writable) socket.write('{');
  }, opts.everyMs ?? 200);
  const answer = new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(drip);
      resolve(text);
    });
  });
  return {
    answer,
    stop: () => {
      clearInterval(drip);
      socket.destroy();
    },
  };
}

/** The status and JSON body of a raw HTTP/1.1 answer. */
export function parseAnswer(raw: string): { status: number; body: unknown } {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  return { status, body: body ? (JSON.parse(body) as unknown) : undefined };
}
