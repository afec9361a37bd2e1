import { readFileSync } from 'node:fs';

/**
 * Issue 12's export goal: exporting every user (1M at national scale) starts sending within 1 s and grows
 * the server's memory by less than 100 MB. One download per format, read as it arrives: time to the first
 * byte, total time, bytes, records, and the server process's resident memory (VmRSS, sampled every 50 ms)
 * above what it was just before the request.
 */
export type ExportMeasure = {
  format: 'csv' | 'xlsx';
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  /** CSV: records (CRLF line ends outside quotes, the header included); XLSX: not counted. */
  records: number | undefined;
  /** CSV: physical lines (LF bytes), as `wc -l` counts them: more than records when quoted cells hold line breaks. */
  lines: number | undefined;
  rssBeforeMb: number;
  rssPeakMb: number;
};

const rssMb = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
};

/** Counts RFC 4180 records in a stream of CSV bytes: a CRLF ends one only outside a quoted cell. */
function recordCounter() {
  let quoted = false;
  let records = 0;
  let lines = 0;
  let previous = 0;
  return {
    add(chunk: Uint8Array) {
      for (const byte of chunk) {
        if (byte === 0x22) quoted = !quoted;
        else if (byte === 0x0a) {
          lines++;
          if (previous === 0x0d && !quoted) records++;
        }
        previous = byte;
      }
    },
    get records() {
      return records;
    },
    get lines() {
      return lines;
    },
  };
}

export async function measureExport(base: string, token: string, pid: number, format: 'csv' | 'xlsx', path = '/api/admin/users/export') {
  const rssBeforeMb = rssMb(pid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMb(pid))), 50);
  const started = performance.now();
  try {
    const response = await fetch(`${base}${path}?format=${format}`, {
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'ar' },
    });
    if (!response.ok || !response.body) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    const reader = response.body.getReader();
    const counter = recordCounter();
    let firstByteMs: number | undefined;
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      firstByteMs ??= performance.now() - started;
      bytes += value.length;
      if (format === 'csv') counter.add(value);
    }
    const measure: ExportMeasure = {
      format,
      firstByteMs: firstByteMs ?? Number.NaN,
      totalMs: performance.now() - started,
      bytes,
      records: format === 'csv' ? counter.records : undefined,
      lines: format === 'csv' ? counter.lines : undefined,
      rssBeforeMb,
      rssPeakMb,
    };
    return measure;
  } finally {
    clearInterval(sampler);
  }
}

export function printExports(label: string, measures: ExportMeasure[], print: (line?: string) => void) {
  if (!measures.length) return;
  print(`\n### Export of every user (${label})\n`);
  print(
    `| Format | first byte ms | total s | MB | records (with header) | lines (LF) | server RSS before MB | RSS growth MB | first byte < 1 s | growth < 100 MB |`,
  );
  print(`|---|---:|---:|---:|---:|---:|---:|---:|---|---|`);
  for (const m of measures) {
    const growth = m.rssPeakMb - m.rssBeforeMb;
    print(
      `| ${m.format} | ${m.firstByteMs.toFixed(0)} | ${(m.totalMs / 1000).toFixed(1)} | ${(m.bytes / 2 ** 20).toFixed(1)} | ${m.records ?? ''} | ${m.lines ?? ''} | ${m.rssBeforeMb.toFixed(0)} | ${growth.toFixed(0)} | ${m.firstByteMs < 1000 ? 'pass' : 'FAIL'} | ${growth < 100 ? 'pass' : 'FAIL'} |`,
    );
  }
}
