import { DsearEntryInputSchema, type GlobalRole, type ProjectRole } from '@penstock/shared';
import {
  generateEquipmentListXlsx,
  generatePidPdf,
  generatePlantIfc,
  generateSitePhotoPng,
} from '@penstock/plantgen';
import type { Penstock } from '../app.ts';
import type { Db } from '../db/database.ts';
import type { Env } from '../env.ts';
import { UsersRepo } from '../modules/auth/index.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { documentServices, ISO_19650_FOLDERS } from '../modules/documents/index.ts';
import { registerProjects } from '../modules/projects/index.ts';
import { DsearRepo, DsearService } from '../modules/dsear/index.ts';
import { AccessRepo } from '../security/access.repo.ts';
import { AccessService } from '../security/access.ts';
import type { BlobStore } from '../storage/blobStore.ts';
import { IdsLibrary, scopeIdsFile } from '../modules/ids/index.ts';
import { repoRoot } from '../env.ts';
import { seedDemoProjectData } from './demoProjectData.ts';
import { seedDemoFeedback } from './demoFeedback.ts';
import { seedDemoNaming } from './demoNaming.ts';
import type { DemoServices } from './demoServices.ts';
import { seedDemoSupplierZone, storeDemoSupplierFiles, type DemoSupplierFiles } from './demoSupplier.ts';
import { seedDemoTraining, storeDemoTrainingMaterial, type DemoTrainingMaterial } from './demoTraining.ts';
import { SeedRepo } from './seed.repo.ts';

export const DEMO_PASSWORD = 'penstock-demo';

export interface DemoUser {
  name: string;
  email: string;
  title: string;
  roles: GlobalRole[];
  /** role in the demo project, none when not a member */
  project: ProjectRole | null;
}

export const DEMO_USERS: readonly DemoUser[] = [
  { name: 'Erin Walsh', email: 'engineer@penstock.demo', title: 'engineer', roles: [], project: 'member' },
  {
    name: 'Tom Hughes',
    email: 'tm@penstock.demo',
    title: 'technical manager',
    roles: ['checker_lead_engineer'],
    project: 'manager',
  },
  {
    name: 'Sara Patel',
    email: 'sdm@penstock.demo',
    title: 'senior design manager',
    roles: ['senior_design_manager', 'practitioner'],
    project: 'member',
  },
  { name: 'Sam Carter', email: 'supplier@penstock.demo', title: 'supplier', roles: [], project: 'viewer' },
  {
    name: 'Ada Lovell',
    email: 'admin@penstock.demo',
    title: 'administrator',
    roles: ['administrator', 'feedback_reviewer', 'supplier_register_manager'],
    project: 'manager',
  },
];

export const DEMO_PROJECT_NAME = 'Riverside Water Treatment Works Upgrade';
export const OTHER_PROJECT_NAME = 'Northbrook Sewage Pumping Station';

/** The demo project's IDS file, scoped to its WIP and Shared folders (both demo models are checked). */
export const DEMO_IDS_FILE = 'RWTW-IDS-Water-Asset-Data.ids';
const SHIPPED_IDS_DIR = `${repoRoot}/apps/server/config/ids`;

/** A demo file: where it goes, its name, and its content once stored. */
interface DemoFile {
  top: string;
  child: string;
  fileName: string;
  blob: { hash: string; size: number };
}

/** Generates the demo project's files and stores them (before any row names them). */
async function storeDemoFiles(blobs: BlobStore, [small, medium]: Env['demoModelSizes']): Promise<DemoFile[]> {
  const files: Array<
    [top: string, child: string, fileName: string, content: () => Promise<Uint8Array | string>]
  > = [
    [
      'WIP',
      'Process',
      'RWTW-3D-Inlet-Works.ifc',
      async () => generatePlantIfc({ elements: small, seed: 11, name: 'Inlet Works' }),
    ],
    [
      'Shared',
      'Process',
      'RWTW-3D-Treatment-Works.ifc',
      async () => generatePlantIfc({ elements: medium, seed: 29, name: 'Treatment Works', buildings: true }),
    ],
    [
      'Shared',
      'Process',
      'RWTW-PID-0101 Inlet Works P&ID.pdf',
      () => generatePidPdf({ sheets: 3, seed: 11, title: 'Inlet Works P&ID', drawingPrefix: 'RWTW-PID-01' }),
    ],
    [
      'Published',
      'Drawings',
      'RWTW-PID-0201 Aeration P&ID.pdf',
      () =>
        generatePidPdf({ sheets: 4, seed: 29, title: 'Aeration Lanes P&ID', drawingPrefix: 'RWTW-PID-02' }),
    ],
    ['Published', 'Schedules', 'RWTW-Equipment-List.xlsx', () => generateEquipmentListXlsx(29)],
    ['Shared', 'Civil', 'RWTW-Site-Photo-Inlet.png', async () => generateSitePhotoPng(11)],
    // the client's information requirements: Penstock's shipped 'Water asset data' IDS (issue 36)
    [
      'Shared',
      'Process',
      DEMO_IDS_FILE,
      async () => (await new IdsLibrary([SHIPPED_IDS_DIR]).file('water-asset-data'))!.bytes,
    ],
    [
      'WIP',
      'Mechanical',
      'Pump-Datasheet-Notes.txt',
      async () =>
        'Duty/standby return activated sludge pumps P-2101A/B.\nConfirm motor rating with the supplier before design freeze.\n',
    ],
  ];
  const stored: DemoFile[] = [];
  for (const [top, child, fileName, content] of files) {
    const bytes = await content();
    const blob = await blobs.putBuffer(typeof bytes === 'string' ? Buffer.from(bytes) : bytes);
    stored.push({ top, child, fileName, blob });
  }
  return stored;
}

/** The seed's repositories and services, bound to its transaction `db`. */
function boundTo(penstock: Penstock, db: Db): DemoServices {
  const access = new AccessService(new AccessRepo(db));
  const projects = registerProjects(db);
  const { repo: documentsRepo, files } = documentServices(db, penstock.blobs, projects.directory, access);
  return {
    database: { ...penstock.database, db },
    users: new UsersRepo(db),
    access,
    blobs: penstock.blobs,
    projectsRepo: projects.repo,
    documentsRepo,
    files,
  };
}

/**
 * First start with an empty database: demo users, a demo project with real generated files, and a second
 * project. Atomic: every file is generated and stored first, then every row is written in one transaction.
 * A process that dies half way leaves no row (the next start seeds again, from an empty database) and only
 * files no row names, which the orphan collector removes. Models are queued for conversion after the commit.
 */
export async function seedDemoIfEmpty(
  penstock: Penstock,
  env: Pick<Env, 'demoModelSizes'>,
): Promise<boolean> {
  const seed = new SeedRepo(penstock.database.db);
  if (!(await seed.isEmpty())) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const files = await storeDemoFiles(penstock.blobs, env.demoModelSizes);
  const training = await storeDemoTrainingMaterial(penstock.blobs);
  const supplierFiles = await storeDemoSupplierFiles(penstock.blobs);
  const added = await seed.inOneTransaction(async (db) => {
    // another server on the same database may have seeded meanwhile
    if (!(await new SeedRepo(db).isEmpty())) return null;
    const demo = boundTo(penstock, db);
    const versions: Array<{ id: string; fileName: string }> = [];
    demo.files.onVersionAdded((version) => void versions.push(version));
    await writeDemoRows(demo, passwordHash, files, training, supplierFiles);
    return versions;
  });
  if (!added) return false;
  for (const version of added)
    await penstock.files.versionAdded({ id: version.id, file_name: version.fileName });
  return true;
}

/** Every row of the demo, through `penstock` (bound to the seed's transaction). */
async function writeDemoRows(
  penstock: DemoServices,
  passwordHash: string,
  files: readonly DemoFile[],
  training: DemoTrainingMaterial,
  supplierFiles: DemoSupplierFiles,
): Promise<void> {
  const users = new Map<string, string>();
  for (const demo of DEMO_USERS) {
    const user = await penstock.users.create({
      name: demo.name,
      email: demo.email,
      passwordHash,
      roles: demo.roles,
    });
    users.set(demo.email, user.id);
  }
  const repo = penstock.documentsRepo;
  const projects = penstock.projectsRepo;
  const project = await projects.createProject(DEMO_PROJECT_NAME, ISO_19650_FOLDERS);
  for (const demo of DEMO_USERS)
    if (demo.project) await projects.upsertMember(project.id, users.get(demo.email)!, demo.project);

  const folder = async (top: string, child: string) => {
    const parent = (await repo.childFolders(project.id, null)).find((f) => f.name === top)!;
    return (await repo.childFolders(project.id, parent.id)).find((f) => f.name === child)!.id;
  };
  const author = { id: users.get('tm@penstock.demo')! };
  for (const file of files) {
    const stored = await penstock.files.addFile(
      author,
      { projectId: project.id, folderId: await folder(file.top, file.child) },
      file.fileName,
      file.blob,
    );
    if (file.fileName === DEMO_IDS_FILE) {
      const tops = await repo.childFolders(project.id, null);
      await scopeIdsFile(penstock.database.db, {
        projectId: project.id,
        idsItemId: stored.item.id,
        folderIds: tops.filter((f) => f.name === 'WIP' || f.name === 'Shared').map((f) => f.id),
        createdBy: 'Tom Hughes',
      });
    }
  }

  const other = await projects.createProject(OTHER_PROJECT_NAME, ISO_19650_FOLDERS);
  await projects.upsertMember(other.id, users.get('tm@penstock.demo')!, 'manager');
  await projects.upsertMember(other.id, users.get('admin@penstock.demo')!, 'manager');

  // a register line so the DSEAR register is not empty (Riverside's is created by the user)
  const tm = (await penstock.users.findById(users.get('tm@penstock.demo')!))!;
  const tmUser = {
    id: tm.id,
    name: tm.name,
    email: tm.email,
    picture: null,
    roles: tm.roles as GlobalRole[],
  };
  await seedDemoProjectData(penstock.database.db, penstock.access, tmUser, project.id);
  await seedDemoFeedback(penstock);
  await seedDemoNaming(penstock.database.db, project.id, {
    manager: tm.id,
    managerEmail: tm.email,
    engineer: users.get('engineer@penstock.demo')!,
    engineerEmail: 'engineer@penstock.demo',
  });
  await seedDemoTraining(penstock, users.get('admin@penstock.demo')!, training);
  await seedDemoSupplierZone(
    penstock,
    { projectId: project.id, authorId: tm.id, reviewerId: users.get('admin@penstock.demo')! },
    supplierFiles,
  );
  await new DsearService(new DsearRepo(penstock.database.db), penstock.access).saveOrCreate(
    tmUser,
    DsearEntryInputSchema.parse({
      projectName: OTHER_PROJECT_NAME,
      tm: tm.name,
      sdms: [{ email: 'sdm@penstock.demo' }],
      leadEngineer: 'tm@penstock.demo',
      practionerFlag: 'YES',
      practitioner: 'sdm@penstock.demo',
      flidsRisk: 'Orange',
      flidsOutcome: 'Zone 2',
      dsearZone: [
        { zone: 'Septic Tanks', rating: 'Zone 1' },
        { zone: 'Diesel Storage', rating: 'Zone 2' },
        { zone: 'Other', rating: 'Zone 2 - NE', other: 'Odour control unit' },
      ],
      dsearIden: 'YES',
      dsearImp: 'YES',
      dsearSpec: 'NO',
      dsearApp: 'YES',
    }),
  );
}
