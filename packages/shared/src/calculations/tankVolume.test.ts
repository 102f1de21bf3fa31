import { describe, expect, it } from 'vitest';
import { issuesReason } from './inputs.ts';
import {
  retentionTimeHours,
  runTankVolume,
  tankVolumeInputSchema,
  volumeForRetentionTime,
} from './tankVolume.ts';

const tank = (raw: Record<string, unknown>) => runTankVolume(tankVolumeInputSchema.parse(raw));
const problems = (raw: Record<string, unknown>) => {
  const parsed = tankVolumeInputSchema.safeParse(raw);
  return parsed.success ? '' : issuesReason(parsed.error);
};

describe('tank volume and hydraulic retention time', () => {
  // Published worked example (water-chemistry.in, 'How to calculate detention time of any tank/basin'):
  // a tank 70 ft × 25 ft × 12 ft deep (21 000 ft³) at 300 US gpm gives 157 080 gal / 300 gpm = 524 minutes,
  // 'roughly 9 hours'. In SI: 21.336 m × 7.62 m × 3.6576 m = 594.65 m³; 300 gpm = 18.927 l/s.
  it('reproduces the 70 ft × 25 ft × 12 ft tank at 300 gpm (524 minutes)', () => {
    const results = tank({
      shape: 'rectangular',
      length_m: 70 * 0.3048,
      width_m: 25 * 0.3048,
      depth_m: 12 * 0.3048,
      flow_l_s: (300 * 3.785411784) / 60,
    });
    expect(results.volume_m3).toBeCloseTo(594.65, 2);
    expect(results.hrt_min).toBeCloseTo(523.6, 1);
    expect(Math.round(results.hrt_min)).toBe(524);
  });

  // Hand calculation: 20 m × 5 m × 3 m = 300 m³; 25 l/s = 90 m³/h; HRT = 300 / 90 = 3.333 h = 200 min.
  // For a target of 4 h: V = 4 × 90 = 360 m³, depth 360 / 100 = 3.6 m.
  it('works a rectangular tank, and the volume for a target HRT', () => {
    const results = tank({
      shape: 'rectangular',
      length_m: '20',
      width_m: '5',
      depth_m: '3',
      flow_l_s: '25',
      target_hrt_h: '4',
    });
    expect(results).toMatchObject({ plan_area_m2: 100, volume_m3: 300, flow_m3_h: 90 });
    expect(results.hrt_h).toBeCloseTo(10 / 3, 12);
    expect(results.hrt_min).toBeCloseTo(200, 9);
    expect(results.required_volume_m3).toBeCloseTo(360, 9);
    expect(results.required_depth_m).toBeCloseTo(3.6, 12);
  });

  // Hand calculation: circular, D = 10 m, depth 4 m: A = π × 100 / 4 = 78.540 m², V = 314.159 m³;
  // 10 l/s = 36 m³/h; HRT = 8.7266 h.
  it('works a circular tank; no target gives no required volume', () => {
    const results = tank({ shape: ' Circular ', diameter_m: 10, depth_m: 4, flow_l_s: 10, target_hrt_h: '' });
    expect(results.plan_area_m2).toBeCloseTo(78.5398, 4);
    expect(results.volume_m3).toBeCloseTo(314.1593, 4);
    expect(results.hrt_h).toBeCloseTo(8.7266, 4);
    expect(results.required_volume_m3).toBeNull();
    expect(results.required_depth_m).toBeNull();
  });

  it('inverts: the volume for a tank’s own HRT is its volume', () => {
    const hrt = retentionTimeHours(1234.5, 17.3);
    expect(volumeForRetentionTime(hrt, 17.3)).toBeCloseTo(1234.5, 9);
  });

  it('accepts the edges of the valid ranges and asks for the dimensions each shape needs', () => {
    expect(
      tank({ shape: 'circular', diameter_m: 0.1, depth_m: 0.1, flow_l_s: 100_000 }).volume_m3,
    ).toBeCloseTo((Math.PI * 0.01 * 0.1) / 4, 12);
    expect(problems({ shape: 'circular', diameter_m: 5, depth_m: 0.09, flow_l_s: 1 })).toBe(
      'depth_m must be between 0.1 and 50 m',
    );
    expect(problems({ shape: 'rectangular', length_m: 5, depth_m: 2, flow_l_s: 1 })).toBe(
      'width_m is required for a rectangular tank',
    );
    expect(problems({ shape: 'circular', length_m: 5, width_m: 2, depth_m: 2, flow_l_s: 1 })).toBe(
      'diameter_m is required for a circular tank',
    );
    expect(problems({ shape: 'square', depth_m: 2, flow_l_s: 1 })).toBe(
      "shape must be 'rectangular' or 'circular'",
    );
    expect(problems({ shape: 'circular', diameter_m: 5, depth_m: 2, flow_l_s: '0' })).toBe(
      'flow_l_s must be greater than 0 and at most 100000 l/s',
    );
  });
});
