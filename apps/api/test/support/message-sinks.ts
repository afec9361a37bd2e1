import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export type ReceivedSms = { key: string | undefined; authorization: string | undefined; to: string; message: string };

/**
 * A local SMS gateway: records every POST and answers with `answer(request number)` (200 by default).
 * `hold` keeps a request unanswered until released (a send in flight).
 */
export async function startSmsSink(options: { answer?: (index: number) => number | 'hold' } = {}) {
  const received: ReceivedSms[] = [];
  const held: Array<ServerResponse> = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    request.on('end', () => {
      const body = JSON.parse(text) as { to: string; message: string };
      const key = request.headers['idempotency-key'];
      received.push({ key: typeof key === 'string' ? key : undefined, authorization: request.headers.authorization, ...body });
      const answer = options.answer?.(received.length) ?? 200;
      if (answer === 'hold') held.push(response);
      else response.writeHead(answer, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    received,
    held,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A message as the SMTP server got it: the envelope, the raw text, and its subject and body decoded (mailparser). */
export type ReceivedMail = { from: string; to: string[]; data: string; subject: string; text: string };

/** A local SMTP server (the smtp-server package): records each message's envelope and raw text. */
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        // Non-Latin text travels encoded (quoted-printable or base64): read it as a mail client would.
        simpleParser(raw).then(
          (parsed) => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((recipient) => recipient.address),
              data: raw.toString('utf8'),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
