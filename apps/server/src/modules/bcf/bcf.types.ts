/**
 * The shape every BCF version is read into and written from: one topic with its comments and viewpoints.
 * BCF 3.0 (bcf.xml.ts) and BCF 2.0/2.1 (bcf2.xml.ts) both map to and from these types.
 */

import type { BcfMeasurement } from './bcf.measurements.ts';

/** A problem with an imported file; its message is shown to the user (400). */
export class BcfFormatError extends Error {}

export { BCF_EXPORT_VERSIONS, BCF_IMPORT_VERSIONS, type BcfExportVersion } from '@penstock/shared';

export interface BcfVector {
  x: number;
  y: number;
  z: number;
}
interface BcfCameraBase {
  position: BcfVector;
  direction: BcfVector;
  up: BcfVector;
  /** BCF 3.0 only; 1 when the file has none (BCF 2.x) */
  aspectRatio: number;
}
/** A BCF camera, in the IFC world frame (metres, Z up), as in the file. */
export type BcfCamera =
  | (BcfCameraBase & { kind: 'perspective'; fieldOfView: number })
  | (BcfCameraBase & { kind: 'orthogonal'; viewToWorldScale: number });

/** ViewSetupHints: whether spaces, space boundaries and openings are shown (only those the file names). */
export interface BcfViewSetupHints {
  spacesVisible?: boolean;
  spaceBoundariesVisible?: boolean;
  openingsVisible?: boolean;
}
/** Which components are shown: all but the exceptions, or (defaultVisibility false) only the exceptions. */
export interface BcfVisibility {
  defaultVisibility: boolean;
  exceptions: string[];
  viewSetupHints?: BcfViewSetupHints;
}
/** Components drawn in one colour: RGB or ARGB hex as in the file, upper case. */
export interface BcfColoring {
  color: string;
  guids: string[];
}
/** A clipping plane: a point on it and the direction of its normal (what lies on that side is cut away). */
export interface BcfClippingPlane {
  location: BcfVector;
  direction: BcfVector;
}

/** A line drawn in the view (Penstock writes its measurements as lines), in the IFC frame. */
export interface BcfLine {
  start: BcfVector;
  end: BcfVector;
}

export interface BcfViewpoint {
  guid: string;
  camera: BcfCamera | null;
  /** IfcGuids of the selected components */
  selection: string[];
  /** present only when the file hides something or gives view setup hints */
  visibility?: BcfVisibility;
  coloring?: BcfColoring[];
  /** present only when the file draws lines */
  lines?: BcfLine[];
  clippingPlanes?: BcfClippingPlane[];
  /**
   * Penstock's measurements as they are (bcf.measurements.ts), kept in a file of Penstock's own beside the
   * .bcfv: the Lines say what other tools can show of them
   */
  measurements?: BcfMeasurement[];
}

/** An image of a topic's viewpoint (its Snapshot), checked by its bytes. */
export interface BcfSnapshot {
  type: 'image/png' | 'image/jpeg';
  bytes: Buffer;
}

export interface BcfComment {
  guid: string;
  date: string;
  author: string;
  /** '' for a comment that only points at a viewpoint (BCF 3.0 allows no text) */
  comment: string;
  /** the Guid of the topic viewpoint the comment refers to */
  viewpointGuid: string | null;
  /** BCF 1.0 and 2.0 only: the comment's Status (Error, Warning, Info, Unknown) and free VerbalStatus */
  status?: string;
  verbalStatus?: string;
}

/** A topic's entry for one viewpoint: its .bcfv file, its snapshot and its sort order. */
export interface BcfTopicViewpoint {
  guid: string;
  viewpoint: string | null;
  snapshot: string | null;
  index: number | null;
}

export interface BcfTopic {
  guid: string;
  topicType: string;
  topicStatus: string;
  title: string;
  description: string;
  creationDate: string;
  creationAuthor: string;
  modifiedDate: string | null;
  assignedTo: string | null;
  dueDate: string | null;
  /** the topic's Labels, in file order (absent when it has none) */
  labels?: string[];
  comments: BcfComment[];
  viewpoints: BcfTopicViewpoint[];
}

/** A topic read from a file, with the viewpoint files it names (in their Index order). */
export interface ParsedTopic {
  topic: BcfTopic;
  viewpoints: BcfViewpoint[];
  /** the snapshot of the topic's main viewpoint (mainViewpoint), when the file has one that is a PNG or JPEG */
  snapshot?: BcfSnapshot | null;
}
