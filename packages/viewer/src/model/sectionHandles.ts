import * as THREE from 'three';
import {
  angleAbout,
  axisParameter,
  boxFaces,
  movedAlongNormal,
  rotated,
  toVector,
  unitNormal,
  withBoxFace,
  worldPerPixel,
  type Axis,
  type BoxState,
  type PlaneGeometry,
} from './sectionMath.ts';
import {
  COARSE_STEP,
  FINE_STEP,
  HOVER_COLOUR,
  MOVE_COLOUR,
  RING_COLOURS,
  UNIT_PX,
  arrow,
  pickMaterial,
  ring,
  unclipped,
  type Part,
} from './sectionHandleShapes.ts';

/**
 * Drag handles in the 3D view: for a section plane an arrow along its normal (move) and two rings about
 * directions in the plane (rotate), over a see-through square showing the plane; for the section box its
 * outline and a knob on each face (resize). Handles are drawn over the model and never clipped; a press on
 * one is taken before the camera controls and the click selection see it, so the camera stays put.
 */
export type HandleTarget = { kind: 'plane'; plane: PlaneGeometry } | { kind: 'box'; box: BoxState };

export type HandleDrag =
  { kind: 'plane'; plane: PlaneGeometry; done: boolean } | { kind: 'box'; box: BoxState; done: boolean };

export interface SectionHandles {
  /** Show handles for a plane or the box (or none). While a drag is under way the drag's own target stays. */
  show(target: HandleTarget | null): void;
  dragging(): boolean;
  /** Build the handles again (what is shown changed size: the plane's square follows it). */
  rebuild(): void;
  /** Keep the handles the same size on screen (called before each frame). */
  sync(camera: THREE.Camera): void;
  dispose(): void;
}

const Z = new THREE.Vector3(0, 0, 1);

interface Drag {
  handle: string;
  pointerId: number;
  target: HandleTarget;
  startX: number;
  t0: number;
  axisOrigin: THREE.Vector3;
  axisDirection: THREE.Vector3;
  /** rotation: the ring's axis, and where the pointer first met the ring's plane (null: by screen distance) */
  ringAxis?: THREE.Vector3;
  ringStart?: THREE.Vector3 | null;
}

export function createSectionHandles(options: {
  scene: THREE.Scene;
  canvas: HTMLCanvasElement;
  camera: () => THREE.PerspectiveCamera | THREE.OrthographicCamera;
  /** what is shown (the plane's square is sized from it) */
  extent: () => THREE.Box3;
  onDrag: (drag: HandleDrag) => void;
  redraw: () => void;
}): SectionHandles {
  const { scene, canvas } = options;
  const root = new THREE.Group();
  root.name = 'penstock-section-handles';
  scene.add(root);
  // the pieces scaled to a constant size on screen, each at its own anchor
  let gizmos: THREE.Object3D[] = [];
  let parts: Part[] = [];
  let target: HandleTarget | null = null;
  let drag: Drag | null = null;
  let hovered: string | null = null;
  const raycaster = new THREE.Raycaster();

  const clear = () => {
    root.traverse((object) => {
      if (object instanceof THREE.Mesh || object instanceof THREE.LineSegments) {
        object.geometry.dispose();
        if (object.material !== pickMaterial) (object.material as THREE.Material).dispose();
      }
    });
    root.clear();
    gizmos = [];
    parts = [];
  };

  const orient = (object: THREE.Object3D, at: THREE.Vector3, direction: THREE.Vector3) => {
    object.position.copy(at);
    object.quaternion.setFromUnitVectors(Z, direction.clone().normalize());
  };

  // the pieces of the shown handles, placed again as their target changes (a drag moves them every frame)
  let planePieces: { square: THREE.Object3D[]; size: number; gizmo: THREE.Group } | null = null;
  let boxPieces: { outline: THREE.Box3Helper; knobs: Map<string, THREE.Group> } | null = null;

  const buildPlane = () => {
    const extent = options.extent();
    const size = extent.isEmpty() ? 10 : Math.max(extent.getSize(new THREE.Vector3()).length() * 0.6, 1);
    const squareMaterial = unclipped(
      new THREE.MeshBasicMaterial({
        color: MOVE_COLOUR,
        transparent: true,
        opacity: 0.08,
        side: THREE.DoubleSide,
        depthWrite: false,
        fog: false,
      }),
    );
    const square = new THREE.Mesh(new THREE.PlaneGeometry(size, size), squareMaterial);
    const border = new THREE.LineSegments(
      new THREE.EdgesGeometry(new THREE.PlaneGeometry(size, size)),
      unclipped(
        new THREE.LineBasicMaterial({ color: MOVE_COLOUR, transparent: true, opacity: 0.5, fog: false }),
      ),
    );
    const gizmo = new THREE.Group();
    const move = arrow('move', true);
    const aboutU = ring('rotate-u', 'x', RING_COLOURS[0]!);
    const aboutV = ring('rotate-v', 'y', RING_COLOURS[1]!);
    gizmo.add(move.object, aboutU.object, aboutV.object);
    parts = [move.part, aboutU.part, aboutV.part];
    gizmos = [gizmo];
    root.add(square, border, gizmo);
    planePieces = { square: [square, border], size, gizmo };
  };

  const placePlane = (plane: PlaneGeometry) => {
    if (!planePieces) return;
    const origin = toVector(plane.origin);
    const normal = unitNormal(plane.normal);
    // the square is centred where the centre of what is shown falls on the plane
    const extent = options.extent();
    const centre = extent.isEmpty() ? origin.clone() : extent.getCenter(new THREE.Vector3());
    centre.addScaledVector(normal, normal.dot(origin) - normal.dot(centre));
    for (const object of planePieces.square) orient(object, centre, normal);
    orient(planePieces.gizmo, origin, normal);
  };

  const buildBox = () => {
    const outline = new THREE.Box3Helper(new THREE.Box3(), MOVE_COLOUR);
    unclipped(outline.material as THREE.Material);
    root.add(outline);
    const knobs = new Map<string, THREE.Group>();
    for (const axis of ['x', 'y', 'z'] as const)
      for (const side of ['min', 'max'] as const) {
        const knob = arrow(`face-${axis}-${side}`, false);
        parts.push(knob.part);
        gizmos.push(knob.object);
        knobs.set(`${axis}-${side}`, knob.object);
        root.add(knob.object);
      }
    boxPieces = { outline, knobs };
  };

  const placeBox = (box: BoxState) => {
    if (!boxPieces) return;
    boxPieces.outline.box.set(toVector(box.min), toVector(box.max));
    const centre = boxPieces.outline.box.getCenter(new THREE.Vector3());
    for (const face of boxFaces(box)) {
      const at = centre.clone();
      at[face.axis] = face.origin[face.axis];
      orient(boxPieces.knobs.get(`${face.axis}-${face.side}`)!, at, toVector(face.normal));
    }
  };

  const show = (next: HandleTarget | null) => {
    if (next?.kind !== target?.kind || !next) {
      clear();
      planePieces = null;
      boxPieces = null;
      if (next?.kind === 'plane') buildPlane();
      else if (next?.kind === 'box') buildBox();
    }
    target = next;
    if (next?.kind === 'plane') placePlane(next.plane);
    else if (next?.kind === 'box') placeBox(next.box);
    if (hovered && !parts.some((part) => part.name === hovered)) hovered = null;
    highlight(hovered);
    root.visible = next !== null;
    options.redraw();
  };

  const highlight = (name: string | null) => {
    for (const part of parts)
      for (const material of part.materials)
        material.color.setHex(part.name === name ? HOVER_COLOUR : part.colour);
  };

  const rayAt = (event: PointerEvent): THREE.Ray => {
    const bounds = canvas.getBoundingClientRect();
    const ndc = new THREE.Vector2(
      ((event.clientX - bounds.left) / Math.max(bounds.width, 1)) * 2 - 1,
      -((event.clientY - bounds.top) / Math.max(bounds.height, 1)) * 2 + 1,
    );
    raycaster.setFromCamera(ndc, options.camera());
    return raycaster.ray.clone();
  };

  const handleAt = (event: PointerEvent): string | null => {
    if (!target || !root.visible) return null;
    rayAt(event);
    root.updateMatrixWorld(true);
    const shown = (object: THREE.Object3D | null): boolean =>
      !object || (object.visible && (object === root || shown(object.parent)));
    const names = raycaster
      .intersectObject(root, true)
      .filter((h) => typeof h.object.userData.handle === 'string' && shown(h.object))
      .map((h) => h.object.userData.handle as string);
    // an arrow before a ring: seen from the side, a ring about the view's direction lies over the arrow
    return names.find((name) => !name.startsWith('rotate')) ?? names[0] ?? null;
  };

  const begin = (handle: string, event: PointerEvent, current: HandleTarget): Drag => {
    const ray = rayAt(event);
    const base = { handle, pointerId: event.pointerId, target: current, startX: event.clientX };
    if (current.kind === 'box') {
      const [, axis, side] = handle.split('-') as [string, Axis, 'min' | 'max'];
      const face = boxFaces(current.box).find((f) => f.axis === axis && f.side === side)!;
      const centre = new THREE.Box3(toVector(current.box.min), toVector(current.box.max)).getCenter(
        new THREE.Vector3(),
      );
      centre[axis] = face.origin[axis];
      const direction = toVector(face.normal);
      return {
        ...base,
        axisOrigin: centre,
        axisDirection: direction,
        t0: axisParameter(centre, direction, ray) ?? 0,
      };
    }
    const origin = toVector(current.plane.origin);
    const normal = unitNormal(current.plane.normal);
    const drag: Drag = {
      ...base,
      axisOrigin: origin,
      axisDirection: normal,
      t0: axisParameter(origin, normal, ray) ?? 0,
    };
    if (handle.startsWith('rotate')) {
      const gizmo = gizmos[0]!;
      const axis = new THREE.Vector3(handle === 'rotate-u' ? 1 : 0, handle === 'rotate-u' ? 0 : 1, 0)
        .applyQuaternion(gizmo.quaternion)
        .normalize();
      const facing = Math.abs(ray.direction.dot(axis)) > 0.15;
      drag.ringAxis = axis;
      drag.ringStart = facing
        ? ray.intersectPlane(
            new THREE.Plane().setFromNormalAndCoplanarPoint(axis, origin),
            new THREE.Vector3(),
          )
        : null;
    }
    return drag;
  };

  const follow = (event: PointerEvent, done: boolean) => {
    if (!drag) return;
    const ray = rayAt(event);
    const t = axisParameter(drag.axisOrigin, drag.axisDirection, ray);
    const start = drag.target;
    if (start.kind === 'box') {
      const [, axis, side] = drag.handle.split('-') as [string, Axis, 'min' | 'max'];
      const delta = t === null ? 0 : t - drag.t0;
      const value = start.box[side][axis] + delta * drag.axisDirection[axis];
      options.onDrag({ kind: 'box', box: withBoxFace(start.box, axis, side, value), done });
      return;
    }
    if (drag.handle === 'move') {
      const plane = movedAlongNormal(start.plane, t === null ? 0 : t - drag.t0);
      options.onDrag({ kind: 'plane', plane, done });
      return;
    }
    const axis = drag.ringAxis!;
    let radians: number;
    if (drag.ringStart) {
      const at = ray.intersectPlane(
        new THREE.Plane().setFromNormalAndCoplanarPoint(axis, drag.axisOrigin),
        new THREE.Vector3(),
      );
      radians = at ? angleAbout(drag.axisOrigin, axis, drag.ringStart, at) : 0;
    } else {
      // the ring seen edge on: turn by the pointer's sideways travel
      radians = THREE.MathUtils.degToRad((event.clientX - drag.startX) * 0.5);
    }
    const step = THREE.MathUtils.degToRad(event.shiftKey ? COARSE_STEP : FINE_STEP);
    radians = Math.round(radians / step) * step;
    options.onDrag({
      kind: 'plane',
      plane: rotated(start.plane, { x: axis.x, y: axis.y, z: axis.z }, radians),
      done,
    });
  };

  const onMove = (event: PointerEvent) => {
    if (drag) {
      if (event.pointerId === drag.pointerId) follow(event, false);
      return;
    }
    const handle = handleAt(event);
    if (handle !== hovered) {
      hovered = handle;
      highlight(handle);
      canvas.style.cursor = handle ? 'grab' : '';
      options.redraw();
    }
  };
  const onEnd = (event: PointerEvent) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    follow(event, true);
    if (canvas.hasPointerCapture?.(event.pointerId)) canvas.releasePointerCapture(event.pointerId);
    drag = null;
    canvas.style.cursor = hovered ? 'grab' : '';
  };
  // taken in the capture phase: the camera controls and the click selection listen on the canvas after
  const onDown = (event: PointerEvent) => {
    if (event.button !== 0 || drag || !target) return;
    const handle = handleAt(event);
    if (!handle) return;
    event.stopImmediatePropagation();
    event.preventDefault();
    canvas.setPointerCapture?.(event.pointerId);
    drag = begin(handle, event, structuredClone(target));
    canvas.style.cursor = 'grabbing';
  };
  canvas.addEventListener('pointerdown', onDown, { capture: true });
  canvas.addEventListener('pointermove', onMove);
  canvas.addEventListener('pointerup', onEnd);
  canvas.addEventListener('pointercancel', onEnd);

  return {
    show(next) {
      // a drag keeps the target it started with; the pieces follow what it reports
      show(next);
    },
    rebuild() {
      const current = target;
      show(null);
      show(current);
    },
    dragging: () => drag !== null,
    sync(camera) {
      if (!root.visible) return;
      const height = canvas.clientHeight;
      const eye = new THREE.Vector3().setFromMatrixPosition(camera.matrixWorld);
      const forward = camera.getWorldDirection(new THREE.Vector3());
      const orthographic = 'isOrthographicCamera' in camera && camera.isOrthographicCamera === true;
      for (const gizmo of gizmos) {
        const scale = UNIT_PX * worldPerPixel(camera as THREE.PerspectiveCamera, gizmo.position, height);
        gizmo.scale.setScalar(scale);
        // a ring seen edge on cannot be turned by the pointer: hidden until the view turns
        const view = orthographic ? forward : gizmo.position.clone().sub(eye).normalize();
        for (const child of gizmo.children) {
          const about = child.userData.ringAxis as THREE.Vector3 | undefined;
          if (about)
            child.visible = Math.abs(about.clone().applyQuaternion(gizmo.quaternion).dot(view)) > 0.25;
        }
      }
    },
    dispose() {
      canvas.removeEventListener('pointerdown', onDown, { capture: true });
      canvas.removeEventListener('pointermove', onMove);
      canvas.removeEventListener('pointerup', onEnd);
      canvas.removeEventListener('pointercancel', onEnd);
      clear();
      scene.remove(root);
    },
  };
}
