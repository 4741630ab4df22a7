// A grey PNG from RGBA pixels. Tesseract works on grey anyway; handing it one channel instead of four makes
// its decoding and conversion cheaper by about a third of the reading time (bench/ocr.ts measures the rest).
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';

const deflateAsync = promisify(deflate);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** Grey levels of RGBA pixels (as from getImageData), luma by ITU-R BT.601 weights. */
export function greyOf(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Uint8Array {
  if (rgba.length !== width * height * 4) throw new Error('pixel data does not match the size');
  const grey = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < grey.length; i++, p += 4)
    grey[i] = (rgba[p]! * 77 + rgba[p + 1]! * 150 + rgba[p + 2]! * 29) >> 8;
  return grey;
}

/** Encodes RGBA pixels (as from getImageData) as an 8-bit greyscale PNG. */
export async function greyPng(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Promise<Buffer> {
  return pngOfGrey(greyOf(rgba, width, height), width, height);
}

/** Encodes grey levels, one byte a pixel, as an 8-bit greyscale PNG. */
export async function pngOfGrey(grey: Uint8Array, width: number, height: number): Promise<Buffer> {
  if (grey.length !== width * height) throw new Error('pixel data does not match the size');
  // Each row starts with its filter type (0: none).
  const stride = width + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) raw.set(grey.subarray(y * width, (y + 1) * width), y * stride + 1);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 0; // colour type: greyscale
  const data = await deflateAsync(raw, { level: 1 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', data),
    chunk('IEND', new Uint8Array(0)),
  ]);
}
