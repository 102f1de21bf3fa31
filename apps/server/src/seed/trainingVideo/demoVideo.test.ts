import { describe, expect, it } from 'vitest';
import { RgbCanvas } from './canvas.ts';
import { DEMO_VIDEO, generateDemoVideo } from './demoVideo.ts';
import { encodeH264, nalUnit } from './h264.ts';
import { muxMp4 } from './mp4.ts';

interface Box {
  type: string;
  start: number;
  size: number;
}

/** The boxes at one level of an ISO base media file. */
function boxes(bytes: Uint8Array, start = 0, end = bytes.length): Box[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found: Box[] = [];
  for (let at = start; at < end;) {
    const size = view.getUint32(at);
    found.push({ type: String.fromCharCode(...bytes.subarray(at + 4, at + 8)), start: at, size });
    if (size < 8) throw new Error('bad box');
    at += size;
  }
  return found;
}

const child = (bytes: Uint8Array, parent: Box, type: string, skip = 0) =>
  boxes(bytes, parent.start + 8 + skip, parent.start + parent.size).find((box) => box.type === type)!;

describe('the generated demo video', () => {
  it('is an mp4 with the movie header first and one H.264 track of every frame', () => {
    const mp4 = generateDemoVideo();
    const view = new DataView(mp4.buffer, mp4.byteOffset, mp4.byteLength);
    expect(boxes(mp4).map((box) => box.type)).toEqual(['ftyp', 'moov', 'mdat']);
    const moov = boxes(mp4).find((box) => box.type === 'moov')!;
    const trak = child(mp4, moov, 'trak');
    const tkhd = child(mp4, trak, 'tkhd');
    expect(view.getUint32(tkhd.start + 8 + 76) >>> 16).toBe(DEMO_VIDEO.width);
    expect(view.getUint32(tkhd.start + 8 + 80) >>> 16).toBe(DEMO_VIDEO.height);
    const stbl = child(mp4, child(mp4, child(mp4, trak, 'mdia'), 'minf'), 'stbl');
    const stsz = child(mp4, stbl, 'stsz');
    expect(view.getUint32(stsz.start + 16)).toBe(DEMO_VIDEO.frames);
    const stco = child(mp4, stbl, 'stco');
    const mdat = boxes(mp4).find((box) => box.type === 'mdat')!;
    // the chunk offset points at the first sample: its length, then an IDR slice (NAL type 5)
    const offset = view.getUint32(stco.start + 16);
    expect(offset).toBe(mdat.start + 8);
    expect(mp4[offset + 4]! & 0x1f).toBe(5);
    const stsd = child(mp4, stbl, 'stsd');
    const avc1 = child(mp4, stsd, 'avc1', 8);
    const avcC = child(mp4, avc1, 'avcC', 78);
    // Constrained Baseline, level 3.0
    expect([...mp4.subarray(avcC.start + 9, avcC.start + 12)]).toEqual([66, 0xc0, 30]);
    // small enough to seed on every first start
    expect(mp4.length).toBeLessThan(600_000);
  });

  it('sends only the macroblocks that change after the first frame', () => {
    const frame = (white: boolean) => {
      const canvas = new RgbCanvas(32, 32);
      canvas.fill(0, 0, 32, 32, [11, 61, 107]);
      if (white) canvas.fill(16, 16, 16, 16, [255, 255, 255]);
      return canvas.toYuv();
    };
    const stream = encodeH264([frame(false), frame(false), frame(true)], { width: 32, height: 32 });
    expect(stream.keyframes).toEqual([true, false, false]);
    // four PCM macroblocks, then nothing changed (a skip run), then one PCM macroblock
    expect(stream.frames[0]!.length).toBeGreaterThan(4 * 384);
    expect(stream.frames[1]!.length).toBeLessThan(16);
    expect(stream.frames[2]!.length).toBeGreaterThan(384);
    expect(stream.frames[2]!.length).toBeLessThan(2 * 384);
    const mp4 = muxMp4(stream, { width: 32, height: 32, fps: 10 });
    expect(boxes(mp4).map((box) => box.type)).toEqual(['ftyp', 'moov', 'mdat']);
  });

  it('escapes start-code look-alikes in NAL units', () => {
    expect([...nalUnit(3, 5, Uint8Array.of(0, 0, 1, 0, 0, 0, 7))]).toEqual([0x65, 0, 0, 3, 1, 0, 0, 3, 0, 7]);
  });
});
