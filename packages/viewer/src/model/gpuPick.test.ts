import { describe, expect, it, vi } from 'vitest';
import * as THREE from 'three';
import {
  createGpuPicker,
  decodeDepthPixel,
  decodePickPixel,
  idBufferOffset,
  PICK_MODEL_SPAN,
  PICK_NOTHING,
  PICK_UNKNOWN,
  pickItemOf,
  pickModelIndex,
  pixelCentreInClient,
  pointAtDepth,
} from './gpuPick.ts';

describe('decodePickPixel', () => {
  it('reads the item id + 1 Fragments writes big-endian into the low three bytes', () => {
    expect(decodePickPixel([0, 0, 0, 1])).toBe(0);
    expect(decodePickPixel([0, 0, 1, 0])).toBe(255);
    expect(decodePickPixel([0, 1, 134, 160])).toBe(99_999);
    expect(decodePickPixel([0, 255, 255, 255])).toBe(16_777_214);
  });

  it("reads the model's index from the first byte", () => {
    const code = decodePickPixel([2, 1, 134, 160]);
    expect(code).toBe(2 * PICK_MODEL_SPAN + 99_999);
    expect(pickModelIndex(code)).toBe(2);
    expect(pickItemOf(code)).toBe(99_999);
    // the tab's own model (index 0): the code is the item id
    expect(pickModelIndex(decodePickPixel([0, 0, 0, 8]))).toBe(0);
    expect(decodePickPixel([253, 0, 0, 1])).toBe(253 * PICK_MODEL_SPAN);
    // an item past three bytes is drawn with no id: the worker answers
    expect(decodePickPixel([1, 0, 0, 0])).toBe(PICK_UNKNOWN);
  });

  it('tells the clear colour (nothing drawn) from geometry without an id', () => {
    expect(decodePickPixel([255, 255, 255, 255])).toBe(PICK_NOTHING);
    expect(decodePickPixel([0, 0, 0, 0])).toBe(PICK_UNKNOWN);
    // a LOD line (no ids): the worker answers
    expect(decodePickPixel([254, 254, 254, 254])).toBe(PICK_UNKNOWN);
  });
});

describe('the depth target', () => {
  const bytesOf = (depth: number) => {
    const view = new DataView(new ArrayBuffer(4));
    view.setFloat32(0, depth);
    return [0, 1, 2, 3].map((i) => view.getUint8(i));
  };

  it("reads the view depth from the float's bits, big-endian", () => {
    expect(decodeDepthPixel(bytesOf(12.5))).toBe(12.5);
    expect(decodeDepthPixel([9, 9, 9, 9, ...bytesOf(0.75)], 4)).toBe(0.75);
    // the clear colour (nothing drawn) and a LOD line's marker are no depth
    expect(decodeDepthPixel([255, 255, 255, 255])).toBeNull();
    expect(decodeDepthPixel(bytesOf(0))).toBeNull();
  });

  it('puts the point at that depth on the ray through the pixel, perspective and orthographic', () => {
    const perspective = new THREE.PerspectiveCamera(50, 4 / 3, 0.1, 100);
    perspective.position.set(3, 4, 10);
    perspective.lookAt(0, 0, 0);
    perspective.updateMatrixWorld();
    const orthographic = new THREE.OrthographicCamera(-8, 8, 6, -6, 0.1, 100);
    orthographic.position.set(0, 20, 0.001);
    orthographic.lookAt(0, 0, 0);
    orthographic.updateMatrixWorld();
    for (const camera of [perspective, orthographic]) {
      const point = new THREE.Vector3(0.7, 0.4, -0.9);
      const ndc = point.clone().project(camera);
      const depth = -point.clone().applyMatrix4(camera.matrixWorldInverse).z;
      const found = pointAtDepth(camera, ndc, depth);
      expect(found.distanceTo(point)).toBeLessThan(1e-6);
    }
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
      () => [model],
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

  it('draws no id buffer while the frames are held, and draws it once they are not', async () => {
    vi.useFakeTimers();
    try {
      const scene = new THREE.Scene();
      const model = new THREE.Group();
      model.add(idMesh(null));
      scene.add(model);
      let draws = 0;
      const renderer = fakeRenderer({ width: 1, height: 1 }, () => draws++, [0, 0, 0, 8]);
      const camera = new THREE.PerspectiveCamera();
      let held = true;
      const picker = createGpuPicker(
        renderer,
        scene,
        () => [model],
        () => camera,
        () => held,
      );
      picker.arm();
      await vi.advanceTimersByTimeAsync(1000);
      expect(draws).toBe(0);
      expect(picker.bufferReady()).toBe(false);
      held = false;
      await vi.advanceTimersByTimeAsync(200);
      expect(draws).toBe(1);
      expect(picker.bufferReady()).toBe(true);
      picker.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it('draws every shown model with its index, the hidden ones not at all, and names the model of a pick', async () => {
    vi.useFakeTimers();
    try {
      const scene = new THREE.Scene();
      const own = new THREE.Group();
      const hidden = new THREE.Group();
      const added = new THREE.Group();
      const meshes = [idMesh(0.3), idMesh(null), idMesh(0.3)];
      own.add(meshes[0]!);
      hidden.add(meshes[1]!);
      added.add(meshes[2]!);
      hidden.visible = false;
      scene.add(own, hidden, added);
      const drawn: { index: unknown; visible: boolean; factor: number }[] = [];
      // a 2×1 buffer: item 7 of the second shown model (the added one), item 4 of the own model
      const renderer = fakeRenderer(
        { width: 2, height: 1 },
        () => {
          for (const mesh of meshes) {
            const material = mesh.material as unknown as THREE.ShaderMaterial;
            drawn.push({
              index: material.uniforms?.pickModel?.value,
              visible: mesh.parent!.visible,
              factor: material.polygonOffsetFactor,
            });
          }
        },
        [1, 0, 0, 8, 0, 0, 0, 5],
      );
      const camera = new THREE.PerspectiveCamera();
      const picker = createGpuPicker(
        renderer,
        scene,
        () => [own, hidden, added],
        () => camera,
      );
      picker.arm();
      await vi.advanceTimersByTimeAsync(200);
      expect(picker.bufferReady()).toBe(true);
      // the own model index 0, the added one 1 (the hidden one is not counted), offsets kept per model
      expect(drawn).toEqual([
        { index: 0, visible: true, factor: 0.3 },
        { index: undefined, visible: false, factor: 0 },
        { index: 1, visible: true, factor: 0.3 },
      ]);
      expect(picker.pickAt(0, 0)).toEqual({ root: added, item: 7 });
      expect(picker.pickAt(1, 0)).toEqual({ root: own, item: 4 });
      expect(picker.drawnRoots()).toEqual([own, added]);
      expect([...picker.drawnItems()!].sort((a, b) => a - b)).toEqual([4, PICK_MODEL_SPAN + 7]);
      // the materials and the hidden model are as they were
      expect(meshes.every((mesh) => !(mesh.material instanceof THREE.ShaderMaterial))).toBe(true);
      expect(hidden.visible).toBe(false);
      picker.dispose();
    } finally {
      vi.useRealTimers();
    }
  });
});
