import { createTransport } from 'nodemailer';
import type { ClaimedMessage } from './outbox-repository';

/** Sends one message; throws when it was not accepted (the deliverer retries it later). */
export type MessageDriver = { send(message: ClaimedMessage): Promise<void> };

/** Where the log drivers write: the server's logger (pino). */
export type DriverLog = { info(details: Record<string, unknown>, message: string): void };

/** SMS_DRIVER=log, MAIL_DRIVER=log: the message goes to the server log (development, demo: the codes are read there). */
export const logDriver = (log: DriverLog | undefined): MessageDriver => ({
  send(message) {
    log?.info(
      { outbox_id: message.id, channel: message.channel, to: message.recipient, subject: message.subject, text: message.body },
      'outbox message',
    );
    return Promise.resolve();
  },
});

/**
 * SMS_DRIVER=http: POSTs `{to, message}` as JSON with `Authorization: Bearer <token>`; any 2xx is delivered.
 * `Idempotency-Key` names the outbox row, so a gateway can drop a repeat after a lost answer.
 */
export const httpSmsDriver = (options: { url: string; token?: string | undefined; timeoutMs?: number | undefined }): MessageDriver => ({
  async send(message) {
    const response = await fetch(options.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': `outbox-${message.id}`,
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: JSON.stringify({ to: message.recipient, message: message.body }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
  },
});

/** MAIL_DRIVER=smtp: nodemailer over SMTP_URL (smtp://user:pass@host:port, or smtps://). */
export function smtpMailDriver(options: { url: string; from: string }): MessageDriver & { close(): void } {
  const transport = createTransport(options.url);
  return {
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.recipient,
        subject: message.subject ?? '',
        text: message.body,
        headers: { 'X-Outbox-Id': String(message.id) },
      });
    },
    close: () => transport.close(),
  };
}
