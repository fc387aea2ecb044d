/**
 * Draws the installable app's icons (public/icons/*.png): the header's exchange arrows, white on the
 * accent blue. No image tools or downloads: shapes are sampled 4x4 a pixel and written as RGBA PNG
 * with node:zlib. Run `npx tsx scripts/make-icons.ts` after changing the drawing; the PNGs are kept.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';

type Rgb = readonly [number, number, number];
type Triangle = readonly [number, number, number, number, number, number];
const ACCENT: Rgb = [0x0a, 0x58, 0xca]; // --accent in src/app/app.css
const WHITE: Rgb = [0xff, 0xff, 0xff];
const SAMPLES = 4;

/** Inside a triangle (barycentric signs). */
function inTriangle(x: number, y: number, [ax, ay, bx, by, cx, cy]: Triangle): boolean {
  const d1 = (x - bx) * (ay - by) - (ax - bx) * (y - by);
  const d2 = (x - cx) * (by - cy) - (bx - cx) * (y - cy);
  const d3 = (x - ax) * (cy - ay) - (cx - ax) * (y - ay);
  return !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0));
}

/** The two arrows on a unit square; they stay inside the maskable safe circle (radius 0.4). */
function inGlyph(x: number, y: number): boolean {
  const shaft = 0.035;
  const right = Math.abs(y - 0.4) <= shaft && x >= 0.24 && x <= 0.64;
  const rightHead = inTriangle(x, y, [0.6, 0.28, 0.6, 0.52, 0.77, 0.4]);
  const left = Math.abs(y - 0.6) <= shaft && x >= 0.36 && x <= 0.76;
  const leftHead = inTriangle(x, y, [0.4, 0.48, 0.4, 0.72, 0.23, 0.6]);
  return right || rightHead || left || leftHead;
}

/** Rounded square for the plain icon; the maskable one fills its whole square (the OS crops it). */
function inBackground(x: number, y: number, maskable: boolean): boolean {
  if (maskable) return true;
  const r = 0.18;
  const cx = Math.min(Math.max(x, r), 1 - r);
  const cy = Math.min(Math.max(y, r), 1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

function draw(size: number, maskable: boolean): Buffer {
  const rows: Buffer[] = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0, then RGBA
    for (let px = 0; px < size; px++) {
      let bg = 0;
      let fg = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SAMPLES) / size;
          const y = (py + (sy + 0.5) / SAMPLES) / size;
          if (!inBackground(x, y, maskable)) continue;
          bg++;
          if (inGlyph(x, y)) fg++;
        }
      }
      const n = SAMPLES * SAMPLES;
      const t = bg ? fg / bg : 0;
      const o = 1 + px * 4;
      ACCENT.forEach((a, c) => (row[o + c] = Math.round(a * (1 - t) + WHITE[c as 0 | 1 | 2] * t)));
      row[o + 3] = Math.round((255 * bg) / n);
    }
    rows.push(row);
  }
  return png(size, Buffer.concat(rows));
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

function png(size: number, raw: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

mkdirSync('public/icons', { recursive: true });
const icons: [string, number, boolean][] = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true],
];
for (const [name, size, maskable] of icons) {
  const file = `public/icons/${name}`;
  writeFileSync(file, draw(size, maskable));
  console.log(`${file} (${size}x${size}${maskable ? ', maskable' : ''})`);
}
