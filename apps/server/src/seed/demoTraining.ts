/**
 * The demo training content: four roles and nine courses (PDF handouts and PowerPoint decks generated with
 * pdfmake, a short generated video, an external link, and one course not required for anyone to add as an
 * extra course), stored as an administrator would through the training material folder.
 */
import crypto from 'node:crypto';
import type { TrainingCode, TrainingFormat } from '@penstock/shared';
import { TrainingRepo } from '../modules/training/index.ts';
import type { BlobStore } from '../storage/blobStore.ts';
import type { DemoServices } from './demoServices.ts';
import { buildTrainingPdf, type TrainingSection } from './trainingPdf.ts';
import { generateDemoVideo } from './trainingVideo/demoVideo.ts';

export const DEMO_TRAINING_ROLES = [
  { roleName: 'designEngineer', displayName: 'Design Engineer' },
  { roleName: 'projectManager', displayName: 'Project Manager' },
  { roleName: 'cadTechnician', displayName: 'CAD Technician' },
  { roleName: 'supplier', displayName: 'Supplier' },
] as const;

type Codes = [
  designEngineer: TrainingCode,
  projectManager: TrainingCode,
  cad: TrainingCode,
  supplier: TrainingCode,
];

interface DemoCourse {
  title: string;
  format: TrainingFormat;
  time: string;
  tag: string;
  codes: Codes;
  url?: string;
  subtitle?: string;
  sections?: readonly TrainingSection[];
}

export const DEMO_TRAINING_COURSES: readonly DemoCourse[] = [
  {
    title: 'Penstock Project Viewer Essentials',
    format: 'PDF',
    time: '20 mins',
    tag: 'viewer-essentials',
    codes: ['M', 'M', 'M', 'R'],
    subtitle: 'Finding, opening and reading project models and drawings',
    sections: [
      {
        heading: 'Choosing a project',
        points: [
          'Type part of the project name in the project finder and press Enter.',
          'Only projects you are a member of are listed.',
          'WIP, Shared, Published and Archived follow ISO 19650.',
        ],
      },
      {
        heading: 'Opening files',
        points: [
          'Click an IFC model to open it in the 3D viewer; a PDF opens in the drawing viewer.',
          'Up to two files can be open side by side in tabs.',
          'Select an object to see its properties; the tag links the model and the P&ID.',
        ],
      },
      {
        heading: 'Getting help',
        points: [
          'Use the Feedback page to ask questions or report a problem.',
          'Frequent answers are listed there.',
        ],
      },
    ],
  },
  {
    title: 'File Naming and Revision Codes (ISO 19650)',
    format: 'PowerPoint',
    time: '30 mins',
    tag: 'iso19650-naming',
    codes: ['M', 'R', 'M', 'M'],
    subtitle: 'Slides: naming fields, suitability and revision codes',
    sections: [
      {
        heading: 'The name fields',
        points: ['Project - Originator - Volume - Level - Type - Role - Number', 'Example: RWTW-PID-0101'],
      },
      {
        heading: 'Suitability codes',
        points: ['S0 work in progress', 'S1 suitable for coordination', 'S3 suitable for review and comment'],
      },
      {
        heading: 'Revisions',
        points: [
          'P01, P02 ... while shared',
          'C01 once published',
          'Penstock sets them when a file is stored',
        ],
      },
    ],
  },
  {
    title: 'Document Review and Approval Workflow',
    format: 'PDF',
    time: '25 mins',
    tag: 'review-workflow',
    codes: ['R', 'M', 'A', 'X'],
    subtitle: 'Submitting, reviewing and approving documents',
    sections: [
      {
        heading: 'Submitting',
        points: ['Choose reviewers and approvers', 'Add a comment saying what changed'],
      },
      {
        heading: 'Reviewing',
        points: ['Open the document from your personal hub', 'Record your decision and comment'],
      },
    ],
  },
  {
    title: 'Markups and Issues in the Viewer',
    format: 'Video',
    time: '5 mins',
    tag: 'markups-video',
    codes: ['R', 'A', 'R', 'A'],
  },
  {
    title: 'DSEAR Awareness for Designers',
    format: 'PDF',
    time: '45 mins',
    tag: 'dsear-awareness',
    codes: ['A', 'R', 'X', 'X'],
    subtitle: 'Hazardous areas, zones and the DSEAR register',
    sections: [
      {
        heading: 'Zones',
        points: ['Zone 0, 1 and 2 for gases and vapours', 'Engage a practitioner for all zones 0, 1 and 2'],
      },
      {
        heading: 'The register',
        points: ['Record all new and existing zones', 'A senior design manager approves each submission'],
      },
    ],
  },
  {
    title: 'P&ID Sketching with the Sketchup Tool',
    format: 'PDF',
    time: '15 mins',
    tag: 'pid-sketching',
    codes: ['A', 'X', 'R', 'X'],
    subtitle: 'Drawing quick P&ID sketches from the symbol library',
    sections: [
      {
        heading: 'Drawing',
        points: [
          'Drag symbols onto the canvas',
          'Hold Shift to keep a tool active',
          'Ctrl+Z undoes, Ctrl+Y redoes',
        ],
      },
    ],
  },
  {
    title: 'Health and Safety in Design (CDM 2015)',
    format: 'Other',
    time: '1 hour',
    tag: 'cdm-2015',
    codes: ['M', 'M', 'R', 'R'],
    url: 'https://www.hse.gov.uk/construction/cdm/2015/index.htm',
  },
  {
    title: 'Supplier Design Competency Submission',
    format: 'PDF',
    time: '10 mins',
    tag: 'supplier-competency',
    codes: ['X', 'X', 'X', 'M'],
    subtitle: 'How to apply for the design competency register',
    sections: [
      {
        heading: 'Applying',
        points: [
          'Open the Supplier Zone',
          'Fill in the Design Competency Form',
          'Attach evidence of past work',
        ],
      },
    ],
  },
  {
    title: 'Water Treatment Process Fundamentals',
    format: 'PowerPoint',
    time: '40 mins',
    tag: 'process-fundamentals',
    codes: ['X', 'X', 'X', 'X'],
    subtitle: 'Slides: from raw water to final effluent',
    sections: [
      { heading: 'Inlet works', points: ['Screening', 'Grit removal', 'Flow measurement'] },
      { heading: 'Treatment', points: ['Primary settlement', 'Activated sludge', 'Final settlement'] },
    ],
  },
];

/** The demo material of one course: a generated PDF or video; none for Other. */
async function materialOf(
  course: DemoCourse,
): Promise<{ bytes: Uint8Array; name: string; type: string } | null> {
  if (course.format === 'Video')
    return { bytes: generateDemoVideo(), name: `${course.tag}.mp4`, type: 'video/mp4' };
  if (course.format === 'Other' || !course.sections) return null;
  const kind = course.format === 'PowerPoint' ? 'slides' : 'handout';
  const bytes = await buildTrainingPdf(kind, {
    title: course.title,
    subtitle: course.subtitle ?? '',
    sections: course.sections,
  });
  return { bytes, name: `${course.tag}.pdf`, type: 'application/pdf' };
}

/** Each course's material by its tag, stored. */
export type DemoTrainingMaterial = ReadonlyMap<
  string,
  { hash: string; size: number; name: string; type: string }
>;

/** Generates and stores the courses' material, before any row names it. */
export async function storeDemoTrainingMaterial(blobs: BlobStore): Promise<DemoTrainingMaterial> {
  const stored = new Map<string, { hash: string; size: number; name: string; type: string }>();
  for (const course of DEMO_TRAINING_COURSES) {
    const material = await materialOf(course);
    if (!material) continue;
    const blob = await blobs.putBuffer(material.bytes);
    stored.set(course.tag, { ...blob, name: material.name, type: material.type });
  }
  return stored;
}

/** Stores the demo roles, courses and material (first start only, from seedDemoIfEmpty). */
export async function seedDemoTraining(
  penstock: DemoServices,
  administratorId: string,
  materials?: DemoTrainingMaterial,
): Promise<void> {
  materials ??= await storeDemoTrainingMaterial(penstock.blobs);
  const repo = new TrainingRepo(penstock.database.db);
  for (const role of DEMO_TRAINING_ROLES) await repo.insertRole(role.roleName, role.displayName);
  for (const course of DEMO_TRAINING_COURSES) {
    const id = `t.${crypto.randomUUID()}`;
    const at = new Date().toISOString();
    const roleData = Object.fromEntries(
      DEMO_TRAINING_ROLES.map((role, index) => [role.roleName, course.codes[index]]),
    );
    await repo.insertCourse({
      id,
      title: course.title,
      format: course.format,
      time: course.time,
      tag: course.tag,
      url: course.url ?? '',
      role_data_json: JSON.stringify(roleData),
      material_hash: null,
      material_name: null,
      material_type: null,
      material_size: null,
      material_uploaded_at: null,
      retired_at: null,
      created_by: administratorId,
      created_at: at,
      updated_by: administratorId,
      updated_at: at,
    });
    const material = materials.get(course.tag);
    if (!material) continue;
    await repo.setMaterial(
      id,
      { hash: material.hash, name: material.name, type: material.type, size: material.size },
      administratorId,
    );
  }
}
