/**
 * A minimal H.264 (Baseline profile, CAVLC) writer for generated demo videos, needing no codec library:
 * every changed macroblock is sent uncompressed as I_PCM and every unchanged one is skipped (P_Skip, which
 * copies the previous frame: with no motion anywhere all predicted motion vectors are zero). Pictures made
 * of flat colour and text change a few macroblocks a frame, so the stream stays small. Deblocking is off,
 * so the PCM samples are shown exactly. References: ITU-T H.264 (08/2021) 7.3.2.1 (SPS), 7.3.2.2 (PPS),
 * 7.3.3 (slice header), 7.3.4 (slice data), 7.3.5 (macroblock layer), 7.4.1 (emulation prevention).
 */

/** A frame in 4:2:0: Y at full size, Cb and Cr at half size in each direction, 8 bits each. */
export interface YuvFrame {
  width: number;
  height: number;
  y: Uint8Array;
  u: Uint8Array;
  v: Uint8Array;
}

/** Big-endian bit writer with Exp-Golomb codes. */
class BitWriter {
  private readonly bytes: number[] = [];
  private current = 0;
  private count = 0;

  bit(value: number): void {
    this.current = (this.current << 1) | (value & 1);
    this.count += 1;
    if (this.count === 8) {
      this.bytes.push(this.current);
      this.current = 0;
      this.count = 0;
    }
  }

  bits(value: number, length: number): void {
    for (let shift = length - 1; shift >= 0; shift -= 1) this.bit((value >>> shift) & 1);
  }

  /** ue(v): unsigned Exp-Golomb. */
  ue(value: number): void {
    const coded = value + 1;
    const length = 32 - Math.clz32(coded);
    this.bits(0, length - 1);
    this.bits(coded, length);
  }

  /** se(v): signed Exp-Golomb. */
  se(value: number): void {
    this.ue(value <= 0 ? -2 * value : 2 * value - 1);
  }

  get aligned(): boolean {
    return this.count === 0;
  }

  alignWithZeros(): void {
    while (!this.aligned) this.bit(0);
  }

  /** Whole bytes (the writer must be aligned). */
  bytesOut(data: Uint8Array): void {
    if (!this.aligned) throw new Error('bytes written off a byte boundary');
    for (const byte of data) this.bytes.push(byte);
  }

  /** rbsp_trailing_bits: a one, then zeros to the byte boundary. */
  finish(): Uint8Array {
    this.bit(1);
    this.alignWithZeros();
    return Uint8Array.from(this.bytes);
  }
}

/** A NAL unit: its header byte, then the payload with emulation prevention (00 00 0x -> 00 00 03 0x). */
export function nalUnit(refIdc: number, type: number, rbsp: Uint8Array): Uint8Array {
  const out: number[] = [(refIdc << 5) | type];
  let zeros = 0;
  for (const byte of rbsp) {
    if (zeros >= 2 && byte <= 3) {
      out.push(3);
      zeros = 0;
    }
    out.push(byte);
    zeros = byte === 0 ? zeros + 1 : 0;
  }
  return Uint8Array.from(out);
}

const LOG2_MAX_FRAME_NUM = 8;
const PROFILE_BASELINE = 66;
/** constraint_set0 and constraint_set1: Constrained Baseline */
const CONSTRAINTS = 0xc0;
const LEVEL_3_0 = 30;
const MB_TYPE_I_PCM_IN_I = 25;
const MB_TYPE_I_PCM_IN_P = 5 + 25;

export interface H264Stream {
  sps: Uint8Array;
  pps: Uint8Array;
  /** one access unit per frame (a single slice NAL unit), without start codes */
  frames: Uint8Array[];
  /** whether each frame is a random access point */
  keyframes: boolean[];
}

function sequenceParameterSet(width: number, height: number): Uint8Array {
  const mbWidth = Math.ceil(width / 16);
  const mbHeight = Math.ceil(height / 16);
  const w = new BitWriter();
  w.bits(PROFILE_BASELINE, 8);
  w.bits(CONSTRAINTS, 8);
  w.bits(LEVEL_3_0, 8);
  w.ue(0); // seq_parameter_set_id
  w.ue(LOG2_MAX_FRAME_NUM - 4);
  w.ue(2); // pic_order_cnt_type 2: output order is decoding order
  w.ue(1); // max_num_ref_frames
  w.bit(0); // gaps_in_frame_num_value_allowed_flag
  w.ue(mbWidth - 1);
  w.ue(mbHeight - 1);
  w.bit(1); // frame_mbs_only_flag
  w.bit(1); // direct_8x8_inference_flag
  const cropRight = (mbWidth * 16 - width) / 2;
  const cropBottom = (mbHeight * 16 - height) / 2;
  if (cropRight || cropBottom) {
    w.bit(1); // frame_cropping_flag (4:2:0 crops in units of 2 samples)
    w.ue(0);
    w.ue(cropRight);
    w.ue(0);
    w.ue(cropBottom);
  } else w.bit(0);
  w.bit(0); // vui_parameters_present_flag
  return nalUnit(3, 7, w.finish());
}

function pictureParameterSet(): Uint8Array {
  const w = new BitWriter();
  w.ue(0); // pic_parameter_set_id
  w.ue(0); // seq_parameter_set_id
  w.bit(0); // entropy_coding_mode_flag: CAVLC
  w.bit(0); // bottom_field_pic_order_in_frame_present_flag
  w.ue(0); // num_slice_groups_minus1
  w.ue(0); // num_ref_idx_l0_default_active_minus1
  w.ue(0); // num_ref_idx_l1_default_active_minus1
  w.bit(0); // weighted_pred_flag
  w.bits(0, 2); // weighted_bipred_idc
  w.se(0); // pic_init_qp_minus26
  w.se(0); // pic_init_qs_minus26
  w.se(0); // chroma_qp_index_offset
  w.bit(1); // deblocking_filter_control_present_flag: lets each slice turn the filter off
  w.bit(0); // constrained_intra_pred_flag
  w.bit(0); // redundant_pic_cnt_present_flag
  return nalUnit(3, 8, w.finish());
}

/** The 384 PCM samples of one macroblock: 256 luma, then 64 Cb and 64 Cr, each row by row. */
function pcmSamples(frame: YuvFrame, mbX: number, mbY: number): Uint8Array {
  const samples = new Uint8Array(384);
  let at = 0;
  const stride = frame.width;
  for (let row = 0; row < 16; row += 1)
    for (let col = 0; col < 16; col += 1)
      samples[at++] = frame.y[(mbY * 16 + row) * stride + mbX * 16 + col]!;
  const chromaStride = frame.width / 2;
  for (const plane of [frame.u, frame.v])
    for (let row = 0; row < 8; row += 1)
      for (let col = 0; col < 8; col += 1)
        samples[at++] = plane[(mbY * 8 + row) * chromaStride + mbX * 8 + col]!;
  // early decoders refused the value 0 in PCM samples; 1 looks the same
  for (let i = 0; i < samples.length; i += 1) if (samples[i] === 0) samples[i] = 1;
  return samples;
}

function macroblockChanged(previous: YuvFrame, frame: YuvFrame, mbX: number, mbY: number): boolean {
  const stride = frame.width;
  for (let row = 0; row < 16; row += 1) {
    const start = (mbY * 16 + row) * stride + mbX * 16;
    for (let col = 0; col < 16; col += 1) if (previous.y[start + col] !== frame.y[start + col]) return true;
  }
  const chromaStride = frame.width / 2;
  for (let row = 0; row < 8; row += 1) {
    const start = (mbY * 8 + row) * chromaStride + mbX * 8;
    for (let col = 0; col < 8; col += 1)
      if (
        previous.u[start + col] !== frame.u[start + col] ||
        previous.v[start + col] !== frame.v[start + col]
      )
        return true;
  }
  return false;
}

/**
 * Encodes frames whose size is a multiple of 16 in the buffers (the visible size may be cropped by up to
 * 15 samples): the first as an IDR picture, every later one as a P picture.
 */
export function encodeH264(
  frames: readonly YuvFrame[],
  visible: { width: number; height: number },
): H264Stream {
  const first = frames[0];
  if (!first) throw new Error('no frames to encode');
  if (first.width % 16 || first.height % 16) throw new Error('frame buffers must be multiples of 16');
  const mbWidth = first.width / 16;
  const mbHeight = first.height / 16;
  const out: H264Stream = {
    sps: sequenceParameterSet(visible.width, visible.height),
    pps: pictureParameterSet(),
    frames: [],
    keyframes: [],
  };
  frames.forEach((frame, index) => {
    const idr = index === 0;
    const w = new BitWriter();
    w.ue(0); // first_mb_in_slice
    w.ue(idr ? 7 : 5); // slice_type: I or P (all slices of the picture)
    w.ue(0); // pic_parameter_set_id
    w.bits(index % (1 << LOG2_MAX_FRAME_NUM), LOG2_MAX_FRAME_NUM); // frame_num
    if (idr)
      w.ue(0); // idr_pic_id
    else {
      w.bit(0); // num_ref_idx_active_override_flag
      w.bit(0); // ref_pic_list_modification_flag_l0
    }
    if (idr) {
      w.bit(0); // no_output_of_prior_pics_flag
      w.bit(0); // long_term_reference_flag
    } else w.bit(0); // adaptive_ref_pic_marking_mode_flag: sliding window
    w.se(0); // slice_qp_delta
    w.ue(1); // disable_deblocking_filter_idc: off
    let skipped = 0;
    const previous = frames[index - 1];
    for (let mbY = 0; mbY < mbHeight; mbY += 1)
      for (let mbX = 0; mbX < mbWidth; mbX += 1) {
        if (!idr && previous && !macroblockChanged(previous, frame, mbX, mbY)) {
          skipped += 1;
          continue;
        }
        if (!idr) w.ue(skipped); // mb_skip_run before this macroblock
        skipped = 0;
        w.ue(idr ? MB_TYPE_I_PCM_IN_I : MB_TYPE_I_PCM_IN_P);
        w.alignWithZeros(); // pcm_alignment_zero_bit
        w.bytesOut(pcmSamples(frame, mbX, mbY));
      }
    if (skipped > 0) w.ue(skipped); // the skipped macroblocks to the end of the picture
    out.frames.push(nalUnit(idr ? 3 : 2, idr ? 5 : 1, w.finish()));
    out.keyframes.push(idr);
  });
  return out;
}
