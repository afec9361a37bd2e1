import { deflateSync } from 'node:zlib';
import { crc32 } from './crc32';

export type Rgb = readonly [number, number, number];

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const name = Buffer.from(type, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(name, data));
  return Buffer.concat([length, name, data, crc]);
}

/** An RGB drawing surface with the few shapes the demo pictures need, encoded as a valid PNG. */
export class Canvas {
  private readonly pixels: Buffer;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = Buffer.alloc(width * height * 3);
    this.rect(0, 0, width, height, background);
  }

  /** Fills [x0, x1) × [y0, y1), clipped to the canvas. */
  rect(x0: number, y0: number, x1: number, y1: number, [r, g, b]: Rgb): this {
    const left = Math.max(0, Math.round(x0));
    const right = Math.min(this.width, Math.round(x1));
    for (let y = Math.max(0, Math.round(y0)); y < Math.min(this.height, Math.round(y1)); y++) {
      for (let x = left, at = (y * this.width + left) * 3; x < right; x++, at += 3) {
        this.pixels[at] = r;
        this.pixels[at + 1] = g;
        this.pixels[at + 2] = b;
      }
    }
    return this;
  }

  /** A left-to-right gradient over the whole canvas. */
  gradient(from: Rgb, to: Rgb): this {
    for (let x = 0; x < this.width; x++) this.rect(x, 0, x + 1, this.height, mix(from, to, x / this.width));
    return this;
  }

  /** A filled disc, or a ring `thickness` wide. */
  circle(cx: number, cy: number, radius: number, colour: Rgb, thickness = radius): this {
    const inner = Math.max(0, radius - thickness);
    for (let y = Math.ceil(cy - radius); y <= cy + radius; y++) {
      const dy = y - cy;
      const outerHalf = Math.sqrt(Math.max(0, radius * radius - dy * dy));
      const innerHalf = Math.abs(dy) < inner ? Math.sqrt(inner * inner - dy * dy) : 0;
      if (innerHalf === 0) this.rect(cx - outerHalf, y, cx + outerHalf, y + 1, colour);
      else this.rect(cx - outerHalf, y, cx - innerHalf, y + 1, colour).rect(cx + innerHalf, y, cx + outerHalf, y + 1, colour);
    }
    return this;
  }

  /** Spans per row: `span(y)` gives [x0, x1) or null. */
  shape(y0: number, y1: number, span: (y: number) => readonly [number, number] | null, colour: Rgb): this {
    for (let y = y0; y < y1; y++) {
      const s = span(y);
      if (s) this.rect(s[0], y, s[1], y + 1, colour);
    }
    return this;
  }

  toPng(): Buffer {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header[8] = 8; // bit depth
    header[9] = 2; // colour type: truecolour
    const stride = this.width * 3;
    const raw = Buffer.alloc((stride + 1) * this.height); // each row: filter byte 0 (none), then pixels
    for (let y = 0; y < this.height; y++) this.pixels.copy(raw, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
    return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
  }
}

export const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];
