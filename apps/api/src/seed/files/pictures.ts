import { Canvas, mix, type Rgb } from './png';

/**
 * Simple drawn pictures for the demo: flags, horizontal ad banners, scanned documents and
 * prescriptions. Each is memoised by its parameters, since many rows share a look.
 */
export const PALETTE: readonly Rgb[] = [
  [13, 148, 136], // teal
  [37, 99, 235], // blue
  [79, 70, 229], // indigo
  [22, 163, 74], // green
  [234, 88, 12], // orange
  [225, 29, 72], // rose
  [147, 51, 234], // purple
  [8, 145, 178], // cyan
  [202, 138, 4], // amber
  [71, 85, 105], // slate
];

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [20, 20, 20];
const PAPER: Rgb = [250, 248, 242];
const INK: Rgb = [150, 150, 160];
const PEN: Rgb = [30, 60, 150];

const colourOf = (index: number) => PALETTE[index % PALETTE.length] as Rgb;

const memo = new Map<string, Buffer>();
function memoised(key: string, draw: () => Buffer): Buffer {
  let image = memo.get(key);
  if (!image) {
    image = draw();
    memo.set(key, image);
  }
  return image;
}

export type FlagCode = 'eg' | 'sa' | 'ae' | 'jo' | 'kw';

/** A 3:2 flag, simplified (stripes and hoist shapes, no emblems). */
export function flagPng(code: FlagCode): Buffer {
  return memoised(`flag:${code}`, () => {
    const w = 90;
    const h = 60;
    const green: Rgb = [0, 122, 61];
    const red: Rgb = [206, 17, 38];
    const stripes = (top: Rgb, middle: Rgb, bottom: Rgb) =>
      new Canvas(w, h, top).rect(0, h / 3, w, (2 * h) / 3, middle).rect(0, (2 * h) / 3, w, h, bottom);
    switch (code) {
      case 'eg':
        return stripes(red, WHITE, BLACK)
          .rect(w / 2 - 6, h / 2 - 7, w / 2 + 6, h / 2 + 7, [192, 147, 0])
          .toPng();
      case 'sa':
        return new Canvas(w, h, [0, 108, 53]).rect(18, 24, 72, 32, WHITE).rect(22, 38, 68, 41, WHITE).toPng();
      case 'ae':
        return stripes(green, WHITE, BLACK)
          .rect(0, 0, w / 4, h, red)
          .toPng();
      case 'jo':
        return stripes(BLACK, WHITE, green)
          .shape(0, h, (y) => [0, (w / 2) * (1 - Math.abs(y + 0.5 - h / 2) / (h / 2))], red)
          .circle(w * 0.16, h / 2, 4, WHITE) // the star, which tells it from the Palestinian flag
          .toPng();
      case 'kw':
        // The black trapezoid spans the full height at the hoist and the middle third at w/4.
        return stripes(green, WHITE, red)
          .shape(0, h, (y) => [0, Math.min(w / 4, (Math.min(y, h - y) * (w / 4)) / (h / 3))], BLACK)
          .toPng();
    }
  });
}

/** A horizontal ad banner: a gradient, a round "logo", headline bars and a call-to-action button. */
export function bannerPng(width: number, height: number, colour: number): Buffer {
  return memoised(`banner:${width}x${height}:${colour}`, () => {
    const base = colourOf(colour);
    const light = mix(base, WHITE, 0.85);
    const left = height * 0.9;
    return new Canvas(width, height, base)
      .gradient(base, mix(base, BLACK, 0.45))
      .circle(height * 0.45, height / 2, height * 0.28, light)
      .rect(left, height * 0.3, width * 0.75, height * 0.42, WHITE)
      .rect(left, height * 0.5, width * 0.6, height * 0.57, light)
      .rect(left, height * 0.68, left + width * 0.18, height * 0.8, mix(base, WHITE, 0.3))
      .toPng();
  });
}

/** A scanned document: paper, a coloured letterhead, lines of "text" and a round stamp; `card` is ID-card shaped with a photo. */
export function documentPng(colour: number, card: boolean): Buffer {
  return memoised(`document:${colour}:${card}`, () => {
    const width = card ? 640 : 600;
    const height = card ? 400 : 780;
    const tint = colourOf(colour);
    const canvas = new Canvas(width, height, PAPER).rect(0, 0, width, height * 0.12, tint);
    if (card) canvas.rect(30, 90, 180, 280, mix(tint, WHITE, 0.7));
    const textStart = card ? 210 : 50;
    const lines = card ? 7 : 18;
    for (let line = 0; line < lines; line++) {
      const top = height * 0.18 + line * 26;
      canvas.rect(textStart, top, width - 50 - ((line * 37) % 140), top + 9, INK);
    }
    return canvas.circle(width * 0.78, height * 0.8, Math.min(width, height) * 0.11, mix(tint, PAPER, 0.25), 5).toPng();
  });
}

/** A portrait prescription: letterhead, an "Rx" mark and wavy handwritten lines. */
export function prescriptionPng(colour: number): Buffer {
  return memoised(`prescription:${colour}`, () => {
    const width = 480;
    const height = 640;
    const tint = colourOf(colour);
    const canvas = new Canvas(width, height, WHITE)
      .rect(0, 0, width, 70, tint)
      .rect(0, height - 24, width, height, mix(tint, WHITE, 0.6))
      // "Rx": the R's stem, bowl and leg, then the x.
      .rect(30, 95, 40, 145, tint)
      .rect(30, 95, 62, 103, tint)
      .rect(56, 95, 64, 124, tint)
      .rect(30, 118, 62, 126, tint)
      .shape(126, 150, (y) => [y - 126 + 40, y - 126 + 48], tint)
      .shape(122, 150, (y) => [y - 122 + 70, y - 122 + 77], tint)
      .shape(122, 150, (y) => [98 - (y - 122), 105 - (y - 122)], tint);
    for (let row = 0; row < 9; row++) {
      const end = width - 50 - ((row * 53) % 160);
      for (let x = 60; x < end; x++) {
        const y = 170 + row * 44 + 18 + Math.round(5 * Math.sin((x + row * 31) / 11));
        canvas.rect(x, y - 1, x + 1, y + 2, PEN);
      }
    }
    return canvas.toPng();
  });
}
