import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors.ts';
import { drawingNameOf, uploadedImageProblem, versionOf } from './sketches.content.ts';

const dataUrl = (type: string, bytes: number[] | Buffer) =>
  `data:image/${type};base64,${Buffer.from(bytes).toString('base64')}`;
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 16];
const GIF = [...Buffer.from('GIF89a'), 1, 0, 1, 0];
const WEBP = [...Buffer.from('RIFF'), 30, 0, 0, 0, ...Buffer.from('WEBPVP8 ')];

const status = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return error instanceof HttpError ? `${error.statusCode} ${error.message}` : String(error);
  }
  return 'ok';
};

describe('uploaded pictures', () => {
  it('accepts the bytes of the type each data: URL claims', () => {
    expect(uploadedImageProblem(dataUrl('png', PNG))).toBeNull();
    expect(uploadedImageProblem(dataUrl('jpeg', JPEG))).toBeNull();
    expect(uploadedImageProblem(dataUrl('gif', GIF))).toBeNull();
    expect(uploadedImageProblem(dataUrl('webp', WEBP))).toBeNull();
  });

  it('refuses bytes of another type, text, other types and pictures over 5 MB', () => {
    expect(uploadedImageProblem(dataUrl('png', JPEG))).toMatch(/not a PNG/);
    expect(uploadedImageProblem(dataUrl('jpeg', PNG))).toMatch(/not a JPEG/);
    expect(uploadedImageProblem(dataUrl('gif', [...Buffer.from('GIF90a')]))).toMatch(/not a GIF/);
    expect(uploadedImageProblem(dataUrl('webp', [...Buffer.from('RIFF0000AVI ')]))).toMatch(/not a WebP/);
    expect(uploadedImageProblem(dataUrl('png', []))).toMatch(/not a PNG/);
    expect(uploadedImageProblem(dataUrl('svg+xml', [...Buffer.from('<svg/>')]))).toMatch(/data: URL/);
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    big.set(PNG);
    expect(uploadedImageProblem(dataUrl('png', big))).toMatch(/larger than 5 MB/);
    expect(uploadedImageProblem(dataUrl('png', big.subarray(0, 5 * 1024 * 1024)))).toBeNull();
  });
});

describe('the format version', () => {
  it('defaults to the current version and refuses a newer or a malformed one', () => {
    expect(versionOf(undefined)).toBe(2);
    expect(versionOf('')).toBe(2);
    // a format-1 sketch saved by an older client is still taken (format 2 only adds optional fields)
    expect(versionOf('1')).toBe(1);
    expect(versionOf(2)).toBe(2);
    expect(status(() => versionOf('3'))).toMatch(/^400 This sketch is in format version 3/);
    expect(status(() => versionOf('0'))).toMatch(/^400 Version must be a whole number/);
    expect(status(() => versionOf('1.5'))).toMatch(/^400 Version must be a whole number/);
  });
});

describe('drawing names', () => {
  it('keeps the name as sent and overwrites by the typed name', () => {
    expect(drawingNameOf(' Inlet - works - 24/11/2026, 10:00:00 ')).toEqual({
      drawingName: 'Inlet - works - 24/11/2026, 10:00:00',
      baseName: 'Inlet - works',
    });
    expect(status(() => drawingNameOf(''))).toBe('400 Drawing name empty');
    expect(status(() => drawingNameOf(undefined))).toBe('400 Drawing name empty');
    expect(status(() => drawingNameOf(`${'x'.repeat(201)} - 24/11/2026, 10:00:00`))).toMatch(/at most 200/);
  });
});
