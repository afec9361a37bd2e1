import { createServer, type Server } from 'node:http';
import { currentLegalVersion, legalLibrary } from '@sehha/contract/legal';

/**
 * A write load beside the reads (issue 26's goal with the page cache on): app sign-ups through OTP and verify
 * (the code read from an SMS sink the server posts to: SMS_DRIVER=http), and an admin's review decisions that
 * put listed doctors on hold and approve them again, each decision changing the providers table every
 * directory page reads. `stop()` ends both loops and says what they did.
 */
export type WriteLoad = { stop: () => Promise<{ signUps: number; decisions: number; failures: number; seconds: number }> };

/** A local SMS gateway: keeps the last code sent to each number. */
export async function startSmsSink(): Promise<{ url: string; codes: Map<string, string>; close: () => Promise<void> }> {
  const codes = new Map<string, string>();
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      try {
        const { to, message } = JSON.parse(body) as { to: string; message: string };
        const code = /\b(\d{6})\b/.exec(message)?.[1];
        if (code) codes.set(to, code);
      } catch {
        // not a message: ignored
      }
      response.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/sms`, codes, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The environment the server needs for the sign-ups: the sink, and OTP limits no load reaches (all from 127.0.0.1). */
export const writeLoadServerEnv = (smsUrl: string) => ({
  SMS_DRIVER: 'http',
  SMS_HTTP_URL: smsUrl,
  OTP_MAX_PER_NUMBER: '1000000',
  OTP_MAX_PER_ADDRESS: '1000000000',
  OTP_MAX_PER_PREFIX: '1000000000',
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `doctors`: approved doctors' ids the decisions move between onHold and approved (each round all of them
 * one way, then back). `decisionsPerSecond` paces the decisions; sign-ups run back to back on one connection.
 */
export function startWriteLoad(
  base: string,
  adminToken: string,
  codes: Map<string, string>,
  doctors: number[],
  decisionsPerSecond = 5,
): WriteLoad {
  let running = true;
  let signUps = 0;
  let decisions = 0;
  let failures = 0;
  const started = performance.now();
  const json = (path: string, method: string, body: unknown, token?: string) =>
    fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });

  // A new account accepts the texts in force, as the app does.
  const consents = {
    privacy: currentLegalVersion(legalLibrary, 'privacy').version,
    terms: currentLegalVersion(legalLibrary, 'terms').version,
  };
  const signUpLoop = async () => {
    // Numbers the generated data do not use (theirs are +2010…).
    let n = Math.floor(Math.random() * 50_000_000);
    while (running) {
      const phone = `+2012${String(n++ % 100_000_000).padStart(8, '0')}`;
      const otp = await json('/api/v1/auth/otp', 'POST', { phone });
      let code: string | undefined;
      for (let i = 0; i < 50 && !(code = codes.get(phone)); i++) await sleep(10);
      const verify = code && otp.ok ? await json('/api/v1/auth/verify', 'POST', { phone, code, name: `Bench ${n}`, consents }) : undefined;
      if (verify?.ok) signUps++;
      else failures++;
      await verify?.arrayBuffer();
    }
  };

  const decisionLoop = async () => {
    for (let round = 0; running; round++) {
      const status = round % 2 === 0 ? 'onHold' : 'approved';
      for (const id of doctors) {
        if (!running) break;
        // A hold must say why (decisionDetailsIssues): without a note every decision was a 422.
        const details = status === 'onHold' ? { reason_note: 'Bench: put on hold' } : {};
        const response = await json(`/api/admin/providers/status/${id}`, 'PATCH', { status, ...details }, adminToken);
        if (response.ok) decisions++;
        else failures++;
        await response.arrayBuffer();
        await sleep(1000 / decisionsPerSecond);
      }
    }
  };

  const loops = Promise.all([signUpLoop(), decisionLoop()]);
  return {
    stop: async () => {
      running = false;
      await loops;
      return { signUps, decisions, failures, seconds: (performance.now() - started) / 1000 };
    },
  };
}

/** The page cache's hits and misses so far, from the server's Prometheus metrics. */
export async function pageCacheCounts(base: string): Promise<{ hits: number; misses: number }> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const read = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  return { hits: read('page_cache_hits_total'), misses: read('page_cache_misses_total') };
}
