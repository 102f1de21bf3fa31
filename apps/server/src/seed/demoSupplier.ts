import crypto from 'node:crypto';
import {
  DEFAULT_PROCEDURE_TITLES,
  DEFAULT_SUPPLIER_ZONE_SETTINGS,
  DEFAULT_TRAINING_TITLES,
  emptySdcForm,
  formatDate,
  type SdcData,
  type SupplierZoneLink,
} from '@penstock/shared';
import type { BlobStore } from '../storage/blobStore.ts';
import type { DemoServices } from './demoServices.ts';
import { SupplierRepo, SupplierSettingsService } from '../modules/supplier/index.ts';
import { logoNameFor } from '../modules/supplier/supplier.service.ts';
import { demoLogoPng, simplePdf } from './supplierDemoFiles.ts';

/** Where the Supplier Zone's guidance lives in the demo project. */
export const SUPPLIER_ZONE_FOLDER = ['Published', 'Supplier Zone'] as const;
export const DEMO_SUPPLIER_NAME = 'Severn Valley Process Design Ltd';
export const DEMO_PENDING_SUPPLIER_NAME = 'Fenland Pipeline Engineering Ltd';

const PROCEDURE_TEXT: Record<(typeof DEFAULT_PROCEDURE_TITLES)[number], string[]> = {
  'Document control procedure': [
    'Every design document is stored in the project viewer, never sent by e-mail.',
    'Work in progress stays in WIP; share it with the team through Shared.',
    'Only approved documents are published: a workflow review and approval publishes them.',
    'Superseded documents are archived, not deleted.',
  ],
  'Managing and reviewing files': [
    'Upload a new version to the same file name: the history is kept.',
    'Start a workflow with reviewers and approvers from the Workflow panel.',
    'Reviewers comment and accept or reject; approvers then approve or reject.',
    'Follow your workflows from the Personal Hub.',
  ],
  'Creating issues': [
    'Open the model or drawing, choose the place and raise an issue with a pin.',
    'Give it a clear title, a type and who should answer it.',
    'Design queries and change requests are issues of their own type.',
    'Close an issue only when its answer is recorded.',
  ],
  'File naming and revision codes': [
    'Names follow Project-Originator-Volume-Level-Type-Role-Number (ISO 19650).',
    'WIP revisions are P01.01, P01.02; shared revisions P01, P02; published C01, C02.',
    'Suitability codes: S0 work in progress, S1 to S4 shared, A1 onwards published.',
    'The project viewer sets revision and suitability codes when a file is stored.',
  ],
};

const TRAINING_LINES = (title: string) => [
  `Notes to accompany the training video '${title}'.`,
  'The recording is kept on the alliance training platform; these notes list its steps.',
  'Sign in to the project viewer and open the demo project to follow along.',
  'Questions about the training go to the contact address on the Supplier Zone page.',
];

/** The example approved supplier's answers. */
function exampleSupplier(today: string): SdcData {
  const { website: _honeypot, ...blank } = emptySdcForm();
  return {
    ...blank,
    companyName: DEMO_SUPPLIER_NAME,
    companyNumber: '08234117',
    companyAddress: 'Unit 4, Riverside Business Park, Tewkesbury, Gloucestershire GL20 8JT',
    companyPhone: '01684 555 0142',
    companyEmail: 'design@severnvalley-process.example',
    hasOtherCompanyNames: 'No',
    competentCivilElements: [
      'Reinforced concrete tanks and water-retaining structures (BS EN 1992-3)',
      'Steelwork, access platforms, walkways and stairs',
    ],
    competentUndergroundPipeline: [
      'Rising mains and pressure pipelines up to a test pressure of 16 bar',
      'Sludge pipelines (up to 2% dry solids)',
    ],
    competentMechanicalSystems: [
      'Pumping stations (clean water and wastewater)',
      'Inlet works: screening and grit removal',
      'Sludge thickening, pumping and dewatering (feed above 2% dry solids)',
      'Other',
    ],
    otherMechanicalSystems: 'Storm overflow screens and spill monitoring',
    competentElectricalSystems: [
      'Low-voltage distribution and motor control centres (MCCs)',
      'PLC, SCADA and telemetry',
    ],
    competentPackageSystems: ['Packaged pumping stations', 'Chemical dosing kiosks'],
    hasDesignProcedure: 'Yes',
    coveredByDesignProcedure: [
      'Design inputs, brief and requirements capture',
      'Design checking and independent verification',
      'Design change control',
    ],
    hasProvenTrackRecord: 'Yes',
    whereProvenTrackRecord:
      'Inlet works and sludge import upgrades for three UK water companies, 2019 to 2026.',
    supportedBy: 'Penstock Alliance MEICA partner',
    hasProfessionalIndemnity: 'Yes',
    FurtherDetails:
      'Chartered engineers in civil, mechanical and electrical disciplines; ISO 9001 certified.',
    name: 'Rhiannon Price',
    date: today,
    dateOfLastReview: today,
  };
}

function pendingSupplier(today: string): SdcData {
  const { website: _honeypot, ...blank } = emptySdcForm();
  return {
    ...blank,
    companyName: DEMO_PENDING_SUPPLIER_NAME,
    companyNumber: '11902345',
    companyAddress: '2 Station Road, March, Cambridgeshire PE15 8NN',
    companyPhone: '01354 555 0198',
    companyEmail: 'enquiries@fenland-pipelines.example',
    hasOtherCompanyNames: 'Yes',
    otherCompanyNames: 'Fenland Trenchless Ltd',
    competentUndergroundPipeline: [
      'Gravity sewers and combined sewer overflows',
      'Trenchless installation: directional drilling, pipe jacking and moling',
      'Pipeline rehabilitation and lining',
    ],
    hasDesignProcedure: 'No',
    hasProvenTrackRecord: 'No',
    hasProfessionalIndemnity: 'Yes',
    name: 'Gareth Moss',
    date: today,
  };
}

type Stored = { hash: string; size: number };
/** The Supplier Zone's guidance PDFs by title, and the approved supplier's logo, stored. */
export interface DemoSupplierFiles {
  pdfs: ReadonlyMap<string, Stored>;
  logo: Stored;
}

/** Generates and stores the Supplier Zone's files, before any row names them. */
export async function storeDemoSupplierFiles(blobs: BlobStore): Promise<DemoSupplierFiles> {
  const pdfs = new Map<string, Stored>();
  for (const title of DEFAULT_PROCEDURE_TITLES)
    pdfs.set(title, await blobs.putBuffer(simplePdf(title, PROCEDURE_TEXT[title])));
  for (const title of DEFAULT_TRAINING_TITLES)
    pdfs.set(title, await blobs.putBuffer(simplePdf(title, TRAINING_LINES(title))));
  return { pdfs, logo: await blobs.putBuffer(demoLogoPng()) };
}

/**
 * The demo's Supplier Zone: guidance PDFs in the demo project (the cards link to them, so no card is a
 * dead link), one approved supplier with a logo so the register is not empty, and one submission waiting
 * for the supplier register manager.
 */
export async function seedDemoSupplierZone(
  penstock: DemoServices,
  demo: { projectId: string; authorId: string; reviewerId: string },
  files?: DemoSupplierFiles,
): Promise<void> {
  const { files: documents, blobs } = penstock;
  const stored = files ?? (await storeDemoSupplierFiles(blobs));
  const addPdf = async (subfolder: string, title: string): Promise<string> => {
    const folderId = await documents.ensureFolderPath(demo.projectId, [...SUPPLIER_ZONE_FOLDER, subfolder]);
    const blob = stored.pdfs.get(title)!;
    const fileName = `${title.replace(/[:,]/g, '')}.pdf`;
    const { item } = await documents.addFile(
      { id: demo.authorId },
      { projectId: demo.projectId, folderId },
      fileName,
      blob,
    );
    return `/api/items/${item.id}/content`;
  };
  const procedures: SupplierZoneLink[] = [];
  for (const title of DEFAULT_PROCEDURE_TITLES)
    procedures.push({ title, url: await addPdf('Procedures', title) });
  const trainingVideos: SupplierZoneLink[] = [];
  for (const title of DEFAULT_TRAINING_TITLES)
    trainingVideos.push({ title, url: await addPdf('Training', title) });

  const repo = new SupplierRepo(penstock.database.db);
  await new SupplierSettingsService(repo, penstock.access).initialise({
    ...DEFAULT_SUPPLIER_ZONE_SETTINGS,
    procedures,
    trainingVideos,
  });

  const at = new Date().toISOString();
  const today = formatDate(new Date(), 'iso-date');
  const logoBlob = stored.logo;
  const approvedId = `sdc.${crypto.randomUUID()}`;
  const logoName = logoNameFor(approvedId, 'Severn Valley logo.png');
  const approved = exampleSupplier(today);
  const pending = pendingSupplier(today);
  await repo.transaction(async (trx) => {
    await trx.recordBlob(logoBlob.hash, logoBlob.size, at);
    await trx.insertSubmission(
      {
        id: approvedId,
        status: 'Approved',
        company_name: approved.companyName,
        data_json: JSON.stringify({ ...approved, dateOfLastReview: undefined }),
        logo_name: logoName,
        logo_path: logoName.replace(/ /g, ''),
        logo_hash: logoBlob.hash,
        logo_type: 'image/png',
        logo_size: logoBlob.size,
        review_note: 'Design procedure and track record checked against two reference projects.',
        reviewed_by: demo.reviewerId,
        reviewed_at: at,
        date_of_last_review: today,
        submitted_at: at,
      },
      [],
    );
    await trx.insertSubmission(
      {
        id: `sdc.${crypto.randomUUID()}`,
        status: 'Pending',
        company_name: pending.companyName,
        data_json: JSON.stringify(pending),
        logo_name: '---',
        logo_path: null,
        logo_hash: null,
        logo_type: null,
        logo_size: null,
        review_note: '',
        reviewed_by: null,
        reviewed_at: null,
        date_of_last_review: null,
        submitted_at: at,
      },
      [],
    );
  });
}
