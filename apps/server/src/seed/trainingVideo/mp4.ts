/**
 * An MP4 (ISO/IEC 14496-12 and -15) of one H.264 video track, with the movie header before the media data
 * so a player can start before the whole file has arrived. Samples are AVCC (4-byte length + NAL unit);
 * the parameter sets travel in the avcC box.
 */
import type { H264Stream } from './h264.ts';

const u8 = (value: number) => Uint8Array.of(value & 0xff);
const u16 = (value: number) => Uint8Array.of((value >>> 8) & 0xff, value & 0xff);
const u32 = (value: number) =>
  Uint8Array.of((value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff);
const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
const zeros = (length: number) => new Uint8Array(length);

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function box(type: string, ...content: Uint8Array[]): Uint8Array {
  const body = concat(content);
  return concat([u32(body.length + 8), ascii(type), body]);
}

/** A full box: version and flags first. */
const fullBox = (type: string, version: number, flags: number, ...content: Uint8Array[]) =>
  box(type, u8(version), u8(flags >>> 16), u16(flags & 0xffff), ...content);

/** The unity matrix of mvhd and tkhd. */
const MATRIX = concat([0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].map(u32));

export interface Mp4Options {
  width: number;
  height: number;
  /** frames per second */
  fps: number;
}

export function muxMp4(stream: H264Stream, { width, height, fps }: Mp4Options): Uint8Array {
  const timescale = fps * 100;
  const sampleDelta = 100;
  const count = stream.frames.length;
  const duration = count * sampleDelta;
  const samples = stream.frames.map((nal) => concat([u32(nal.length), nal]));
  const sps = stream.sps;

  const avcC = box(
    'avcC',
    u8(1), // configurationVersion
    u8(sps[1]!), // AVCProfileIndication
    u8(sps[2]!), // profile_compatibility
    u8(sps[3]!), // AVCLevelIndication
    u8(0xff), // lengthSizeMinusOne = 3
    u8(0xe1), // one SPS
    u16(sps.length),
    sps,
    u8(1), // one PPS
    u16(stream.pps.length),
    stream.pps,
  );
  const compressorName = zeros(32);
  const avc1 = box(
    'avc1',
    zeros(6),
    u16(1), // data_reference_index
    zeros(16), // pre_defined and reserved
    u16(width),
    u16(height),
    u32(0x00480000), // 72 dpi
    u32(0x00480000),
    u32(0),
    u16(1), // frame_count
    compressorName,
    u16(0x0018), // depth
    u16(0xffff), // pre_defined -1
    avcC,
  );
  const keyframes = stream.keyframes.flatMap((key, index) => (key ? [index + 1] : []));
  const stblWithoutOffset = (chunkOffset: number) =>
    box(
      'stbl',
      fullBox('stsd', 0, 0, u32(1), avc1),
      fullBox('stts', 0, 0, u32(1), u32(count), u32(sampleDelta)),
      fullBox('stss', 0, 0, u32(keyframes.length), ...keyframes.map(u32)),
      fullBox('stsc', 0, 0, u32(1), u32(1), u32(count), u32(1)),
      fullBox('stsz', 0, 0, u32(0), u32(count), ...samples.map((sample) => u32(sample.length))),
      fullBox('stco', 0, 0, u32(1), u32(chunkOffset)),
    );
  const moov = (chunkOffset: number) =>
    box(
      'moov',
      fullBox(
        'mvhd',
        0,
        0,
        u32(0), // creation_time
        u32(0), // modification_time
        u32(timescale),
        u32(duration),
        u32(0x00010000), // rate 1.0
        u16(0x0100), // volume 1.0
        zeros(10),
        MATRIX,
        zeros(24),
        u32(2), // next_track_ID
      ),
      box(
        'trak',
        fullBox(
          'tkhd',
          0,
          3, // enabled, in movie
          u32(0),
          u32(0),
          u32(1), // track_ID
          u32(0),
          u32(duration),
          zeros(8),
          u16(0), // layer
          u16(0), // alternate_group
          u16(0), // volume: video
          u16(0),
          MATRIX,
          u32(width << 16),
          u32(height << 16),
        ),
        box(
          'mdia',
          fullBox('mdhd', 0, 0, u32(0), u32(0), u32(timescale), u32(duration), u16(0x55c4), u16(0)), // 'und'
          fullBox('hdlr', 0, 0, u32(0), ascii('vide'), zeros(12), ascii('VideoHandler'), u8(0)),
          box(
            'minf',
            fullBox('vmhd', 0, 1, zeros(8)),
            box('dinf', fullBox('dref', 0, 0, u32(1), fullBox('url ', 0, 1))),
            stblWithoutOffset(chunkOffset),
          ),
        ),
      ),
    );
  const ftyp = box(
    'ftyp',
    ascii('isom'),
    u32(0x200),
    ascii('isom'),
    ascii('iso2'),
    ascii('avc1'),
    ascii('mp41'),
  );
  // the offset does not change the size of moov, so it is measured once with a placeholder
  const moovSize = moov(0).length;
  const mdatHeader = 8;
  const offset = ftyp.length + moovSize + mdatHeader;
  return concat([ftyp, moov(offset), box('mdat', ...samples)]);
}
