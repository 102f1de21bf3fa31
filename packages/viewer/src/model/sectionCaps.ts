import type { FragmentsModel } from '@thatopen/fragments';
import * as THREE from 'three';

import { DEFAULT_CAP_COLOUR } from './sectionMath.ts';

export { DEFAULT_CAP_COLOUR } from './sectionMath.ts';
const OUTLINE_COLOUR = 0x1f2937;
/**
 * How far a cap is drawn into the kept side of its own plane (metres): the renderer's clipping (every
 * section plane, the box and a plan's cut: ViewerContext.setClipping) clips everything drawn, caps too, so
 * a cap is clipped by the other planes as it should be, and this keeps its own plane from clipping it.
 */
export const CAP_INSET = 0.002;

/** A cut to cap: an id (a section plane's, or a box face's) and its three.js plane (world, kept side). */
export interface Cut {
  id: string;
  plane: THREE.Plane;
}

/** What is capped now, for tests and benchmarks. */
export interface CapInfo {
  cut: string;
  model: string;
  /** filled triangles */
  triangles: number;
  /** outline segments */
  segments: number;
}

/**
 * Caps: the cut faces of every shown model filled with an outline, from Fragments' getSection (computed in
 * the worker, in the model's own frame), in one chosen colour or else in each model's own colour
 * (capColourOf). Only the caps whose cut or model moved since the last draw are computed again.
 */
export interface SectionCaps {
  /**
   * Cap these cuts on every shown model (replacing the last draw), in `colour` ('#rrggbb') or, when null,
   * in each model's colour; resolves when drawn or superseded.
   */
  draw(cuts: readonly Cut[], colour: string | null): Promise<void>;
  /** Hide the caps whose cut moved or went since they were drawn, until the next draw (a plane is moving). */
  hideMoved(cuts: readonly Cut[]): void;
  /** Whether a shown model appeared, went or moved since the last draw (its caps are then out of date). */
  stale(): boolean;
  /** Keep caps with their models' visibility (called before each frame). */
  sync(): void;
  list(): CapInfo[];
  clear(): void;
  dispose(): void;
}

type Section = Awaited<ReturnType<FragmentsModel['getSection']>>;

/**
 * A model's own colour for its caps (no colour chosen): its colour by model when it has one (`look`), else
 * the colour Fragments draws most of it in (its most used opaque material, read once per model), else the
 * plan view's section grey.
 */
export interface CapColours {
  /** the colour now, at once (the material colour once it has been read) */
  now(model: FragmentsModel): string;
  /** read what `now` needs (a model's materials, once) */
  ready(model: FragmentsModel): Promise<void>;
}

/** Fragments' 0..255 sRGB components as '#rrggbb' (as Fragments makes its materials' colours). */
const hex = (r: number, g: number, b: number) =>
  `#${new THREE.Color().setRGB(r / 255, g / 255, b / 255, THREE.SRGBColorSpace).getHexString()}`;

/** The colour of the material most of a model's samples use (opaque ones first), or null. */
export async function dominantMaterialColour(model: FragmentsModel): Promise<string | null> {
  const samples = await model.getSamples();
  const uses = new Map<number, number>();
  for (const sample of samples.values()) uses.set(sample.material, (uses.get(sample.material) ?? 0) + 1);
  if (!uses.size) return null;
  // an array: the ids go to the Fragments worker (postMessage cannot clone a Map iterator)
  const materials = await model.getMaterials([...uses.keys()]);
  let best: { colour: string; score: number } | null = null;
  for (const [id, material] of materials) {
    // Fragments keeps colours as 0..255 (alpha too); a see-through glass pane is not what a cut shows
    const opaque = material.a >= 128 ? 1 : 0;
    const score = opaque * 1e12 + (uses.get(id) ?? 0);
    if (!best || score > best.score) best = { colour: hex(material.r, material.g, material.b), score };
  }
  return best?.colour ?? null;
}

export function createCapColours(look: (modelId: string) => string | null = () => null): CapColours {
  const read = new WeakMap<FragmentsModel, { colour: string | null; done: Promise<void> }>();
  return {
    now(model) {
      return look(model.modelId) ?? read.get(model)?.colour ?? DEFAULT_CAP_COLOUR;
    },
    ready(model) {
      let entry = read.get(model);
      if (!entry) {
        const made: { colour: string | null; done: Promise<void> } = {
          colour: null,
          done: Promise.resolve(),
        };
        made.done = dominantMaterialColour(model)
          .then((colour) => void (made.colour = colour))
          .catch(() => undefined);
        read.set(model, made);
        entry = made;
      }
      return entry.done;
    },
  };
}

interface Entry {
  cut: string;
  model: FragmentsModel;
  plane: string;
  signature: string;
  group: THREE.Group;
  info: CapInfo;
}

const round = (value: number) => value.toFixed(6);
const planeSignature = (plane: THREE.Plane) =>
  [plane.normal.x, plane.normal.y, plane.normal.z, plane.constant].map(round).join(',');
const modelSignature = (model: FragmentsModel) =>
  `${model.modelId}@${model.object.matrixWorld.elements.map(round).join(',')}`;

/** The cut of a model's shown objects (all of them when none is hidden, the common case: one list less). */
async function sectionOf(model: FragmentsModel, plane: THREE.Plane): Promise<Section | null> {
  try {
    const hidden = await model.getItemsByVisibility(false);
    const shown = hidden.length ? await model.getItemsByVisibility(true) : undefined;
    if (shown && shown.length === 0) return null;
    return await model.getSection(plane, shown);
  } catch {
    return null;
  }
}

export function createSectionCaps(
  scene: THREE.Scene,
  models: () => readonly FragmentsModel[],
  redraw: () => void,
  modelColours: CapColours = createCapColours(),
): SectionCaps {
  const root = new THREE.Group();
  root.name = 'penstock-section-caps';
  scene.add(root);
  // one fill material per colour (the chosen one, or each model's)
  const fills = new Map<string, THREE.MeshBasicMaterial>();
  const fillOf = (colour: string) => {
    let fill = fills.get(colour);
    if (!fill) {
      fill = new THREE.MeshBasicMaterial({
        color: colour,
        side: THREE.DoubleSide,
        fog: false,
        // behind the outline drawn on the same plane
        polygonOffset: true,
        polygonOffsetFactor: 1,
        polygonOffsetUnits: 1,
      });
      fills.set(colour, fill);
    }
    return fill;
  };
  let chosen: string | null = null;
  const colourOf = (model: FragmentsModel) => chosen ?? modelColours.now(model);
  const outline = new THREE.LineBasicMaterial({ color: OUTLINE_COLOUR, fog: false });
  const entries = new Map<string, Entry>();
  const hidden = new Set<string>();
  let generation = 0;
  let drawnModels = '';

  const shownModels = () => models().filter((model) => model.object.visible);
  const modelsSignature = () => shownModels().map(modelSignature).join('|');

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    root.remove(entry.group);
    entry.group.traverse((object) => {
      if (object instanceof THREE.Mesh || object instanceof THREE.LineSegments) object.geometry.dispose();
    });
    entries.delete(key);
  };

  const clear = () => {
    generation++;
    for (const key of [...entries.keys()]) remove(key);
    hidden.clear();
    drawnModels = '';
    redraw();
  };

  /** Give an entry's fill its colour now; whether it changed. */
  const paint = (entry: Entry): boolean => {
    const fill = fillOf(colourOf(entry.model));
    let changed = false;
    for (const child of entry.group.children)
      if (child instanceof THREE.Mesh && child.material !== fill) {
        child.material = fill;
        changed = true;
      }
    return changed;
  };

  const build = (cut: Cut, model: FragmentsModel, section: Section): THREE.Group => {
    const { buffer, index, fillsIndices } = section;
    const positions = new THREE.BufferAttribute(buffer, 3);
    const group = new THREE.Group();
    const edges = new THREE.BufferGeometry();
    edges.setAttribute('position', positions);
    edges.setDrawRange(0, Math.min(index, buffer.length / 3));
    group.add(new THREE.LineSegments(edges, outline));
    if (fillsIndices.length) {
      const faces = new THREE.BufferGeometry();
      faces.setAttribute('position', positions);
      faces.setIndex(fillsIndices);
      group.add(new THREE.Mesh(faces, fillOf(colourOf(model))));
    }
    // the section is in the model's frame: placed with the model, a hair into the kept side
    group.matrixAutoUpdate = false;
    group.matrix
      .makeTranslation(cut.plane.normal.clone().normalize().multiplyScalar(CAP_INSET))
      .multiply(model.object.matrixWorld);
    group.matrixWorldNeedsUpdate = true;
    group.renderOrder = 1;
    return group;
  };

  return {
    async draw(cuts, colour) {
      const token = ++generation;
      chosen = colour;
      const shown = shownModels();
      if (colour === null) await Promise.all(shown.map((model) => modelColours.ready(model)));
      if (token !== generation) return;
      drawnModels = modelsSignature();
      const wanted = new Map<string, { cut: Cut; model: FragmentsModel; signature: string }>();
      for (const cut of cuts)
        for (const model of shown)
          wanted.set(`${cut.id}|${model.modelId}`, {
            cut,
            model,
            signature: `${planeSignature(cut.plane)}|${modelSignature(model)}`,
          });
      for (const key of [...entries.keys()]) if (!wanted.has(key)) remove(key);
      hidden.clear();
      const jobs = [...wanted].map(async ([key, { cut, model, signature }]) => {
        const current = entries.get(key);
        if (current?.signature === signature) {
          current.group.visible = true;
          paint(current);
          return;
        }
        const inverse = model.object.matrixWorld.clone().invert();
        const local = cut.plane.clone().applyMatrix4(inverse);
        const section = await sectionOf(model, local);
        if (token !== generation) return;
        remove(key);
        if (!section) return;
        const group = build(cut, model, section);
        root.add(group);
        entries.set(key, {
          cut: cut.id,
          model,
          plane: planeSignature(cut.plane),
          signature,
          group,
          info: {
            cut: cut.id,
            model: model.modelId,
            triangles: section.fillsIndices.length / 3,
            segments: Math.floor(Math.min(section.index, section.buffer.length / 3) / 2),
          },
        });
      });
      await Promise.all(jobs);
      if (token === generation) redraw();
    },
    hideMoved(cuts) {
      const planes = new Map(cuts.map((cut) => [cut.id, planeSignature(cut.plane)]));
      for (const entry of entries.values()) {
        if (planes.get(entry.cut) === entry.plane) continue;
        hidden.add(entry.cut);
        entry.group.visible = false;
      }
      redraw();
    },
    stale: () => modelsSignature() !== drawnModels,
    sync() {
      for (const entry of entries.values()) {
        entry.group.visible = entry.model.object.visible && !hidden.has(entry.cut);
        // a model's colour by model may change at any time: its caps follow it
        if (entry.group.visible && paint(entry)) redraw();
      }
    },
    list: () => [...entries.values()].map((entry) => ({ ...entry.info })),
    clear,
    dispose() {
      clear();
      scene.remove(root);
      for (const fill of fills.values()) fill.dispose();
      fills.clear();
      outline.dispose();
    },
  };
}
