import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { ClippingPlanes } from './context.ts';

describe('ClippingPlanes', () => {
  it('merges the owners into one list kept as the same array', () => {
    const clipping = new ClippingPlanes();
    const list = clipping.all;
    const cut = new THREE.Plane(new THREE.Vector3(0, -1, 0), 2);
    const a = new THREE.Plane(new THREE.Vector3(1, 0, 0), 0);
    const b = new THREE.Plane(new THREE.Vector3(0, 0, 1), 1);
    clipping.set('plan', [cut]);
    clipping.set('sections', [a, b]);
    expect(clipping.all).toBe(list);
    expect(clipping.all).toEqual([cut, a, b]);
    clipping.set('plan', []);
    expect(clipping.all).toEqual([a, b]);
    expect(clipping.of('plan')).toEqual([]);
    expect(clipping.of('sections')).toEqual([a, b]);
  });
});
