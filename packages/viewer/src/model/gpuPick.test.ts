import { describe, expect, it, vi } from 'vitest';
import * as THREE from 'three';
import {
  createGpuPicker,
  decodePickPixel,
  idBufferOffset,
  PICK_NOTHING,
  PICK_UNKNOWN,
  pixelCentreInClient,
} from './gpuPick.ts';

describe('decodePickPixel', () => {
  it('reads the item id + 1 Fragments writes big-endian into the four bytes', () => {
    expect(decodePickPixel([0, 0, 0, 1])).toBe(0);
    expect(decodePickPixel([0, 0, 1, 0])).toBe(255);
    expect(decodePickPixel([0, 1, 134, 160])).toBe(99_999);
    expect(decodePickPixel([1, 0, 0, 0])).toBe(16_777_215);
  });

  it('tells the clear colour (nothing drawn) from geometry without an id', () => {
    expect(decodePickPixel([255, 255, 255, 255])).toBe(PICK_NOTHING);
    expect(decodePickPixel([0, 0, 0, 0])).toBe(PICK_UNKNOWN);
    // a LOD line (no ids): the worker answers
    expect(decodePickPixel([254, 254, 254, 254])).toBe(PICK_UNKNOWN);
  });
});

describe('pixelCentreInClient', () => {
  it('gives the centre of the canvas pixel, not of the client pixel, on a canvas at a fractional position', () => {
    const bounds = { left: 10.25, top: 48.6 };
    const at = pixelCentreInClient(bounds, 300.9, 200.05);
    expect(at).toEqual({ clientX: 310.75, clientY: 249.1 });
    // the id buffer reads the same pixel there, half a pixel from each edge
    const buffer = { width: 800, height: 600, scale: 1 };
    const offset = (x: number, y: number) => idBufferOffset(buffer, x - bounds.left, y - bounds.top);
    expect(offset(at.clientX, at.clientY)).toBe(offset(bounds.left + 300, bounds.top + 200));
    expect(offset(at.clientX + 0.49, at.clientY + 0.49)).toBe(offset(at.clientX, at.clientY));
    expect(offset(at.clientX - 0.49, at.clientY - 0.49)).toBe(offset(at.clientX, at.clientY));
  });
});

describe('the id pass', () => {
  const idMesh = (factor: number | null) => {
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(new Float32Array(9), 3));
    geometry.setAttribute('id', new THREE.BufferAttribute(new Uint8Array(12), 4));
    const material = new THREE.MeshLambertMaterial();
    if (factor !== null) {
      material.polygonOffset = true;
      material.polygonOffsetFactor = factor;
      material.polygonOffsetUnits = 1;
    }
    return new THREE.Mesh(geometry, material);
  };

  /** A renderer whose render and readbacks the test gives; the rest of what the picker calls does nothing. */
  const fakeRenderer = (
    size: { width: number; height: number },
    render: () => void,
    pixels: number[],
  ): THREE.WebGLRenderer => {
    const read = (_t: unknown, _x: number, _y: number, _w: number, _h: number, out: Uint8Array) =>
      out.set(pixels);
    return {
      domElement: { clientWidth: size.width, clientHeight: size.height } as HTMLCanvasElement,
      getDrawingBufferSize: (out: THREE.Vector2) => out.set(size.width, size.height),
      getRenderTarget: () => null,
      setRenderTarget: () => undefined,
      getClearAlpha: () => 1,
      getClearColor: (target: THREE.Color) => target,
      setClearColor: () => undefined,
      clear: () => undefined,
      render,
      readRenderTargetPixels: read,
      readRenderTargetPixelsAsync: async (...args: Parameters<typeof read>) => read(...args),
    } as unknown as THREE.WebGLRenderer;
  };

  const pickerOf = (renderer: THREE.WebGLRenderer, scene: THREE.Scene, model: THREE.Object3D) => {
    const camera = new THREE.PerspectiveCamera();
    return createGpuPicker(
      renderer,
      scene,
      () => model,
      () => camera,
    );
  };

  it('draws every mesh with the polygon offset of its own material, and puts the materials back', () => {
    const scene = new THREE.Scene();
    const model = new THREE.Group();
    const offset = idMesh(0.7);
    const plain = idMesh(null);
    model.add(offset, plain);
    scene.add(model);
    const originals = [offset.material, plain.material];
    const drawn: { factor: number; units: number; polygonOffset: boolean; shader: boolean }[] = [];
    const renderer = fakeRenderer(
      { width: 100, height: 80 },
      () => {
        for (const mesh of [offset, plain]) {
          const material = mesh.material as THREE.Material;
          drawn.push({
            factor: material.polygonOffsetFactor,
            units: material.polygonOffsetUnits,
            polygonOffset: material.polygonOffset,
            shader: material instanceof THREE.ShaderMaterial,
          });
        }
      },
      [0, 0, 0, 8],
    );
    const picker = pickerOf(renderer, scene, model);
    expect(picker.pickItem(10, 10)).toBe(7);
    expect(drawn).toEqual([
      { factor: 0.7, units: 1, polygonOffset: true, shader: true },
      { factor: 0, units: 0, polygonOffset: false, shader: true },
    ]);
    expect([offset.material, plain.material]).toEqual(originals);
    picker.dispose();
  });

  it('lists the items drawn anywhere in the settled id buffer, none while it is stale', async () => {
    vi.useFakeTimers();
    try {
      const scene = new THREE.Scene();
      const model = new THREE.Group();
      model.add(idMesh(null));
      scene.add(model);
      // a 2×2 buffer: item 7, nothing, item 300, a LOD line
      const buffer = [0, 0, 0, 8, 255, 255, 255, 255, 0, 0, 1, 45, 254, 254, 254, 254];
      const renderer = fakeRenderer({ width: 2, height: 2 }, () => undefined, buffer);
      const picker = pickerOf(renderer, scene, model);
      picker.arm();
      expect(picker.drawnItems()).toBeNull();
      await vi.advanceTimersByTimeAsync(200);
      expect(picker.bufferReady()).toBe(true);
      expect([...picker.drawnItems()!].sort((a, b) => a - b)).toEqual([7, 300]);
      picker.invalidate();
      expect(picker.drawnItems()).toBeNull();
      picker.dispose();
    } finally {
      vi.useRealTimers();
    }
  });
});
