import { DsearEntryInputSchema, type GlobalRole, type ProjectRole } from '@penstock/shared';
import {
  generateEquipmentListXlsx,
  generatePidPdf,
  generatePlantIfc,
  generateSitePhotoPng,
} from '@penstock/plantgen';
import type { Penstock } from '../app.ts';
import type { Env } from '../env.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { ISO_19650_FOLDERS } from '../modules/documents/index.ts';
import { seedDemoProjectData } from './demoProjectData.ts';
import { seedDemoFeedback } from './demoFeedback.ts';
import { seedDemoSupplierZone } from './demoSupplier.ts';
import { seedDemoTraining } from './demoTraining.ts';
import { DsearRepo, DsearService } from '../modules/dsear/index.ts';

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

/** First start with an empty database: demo users, a demo project with real generated files, and a second project. */
export async function seedDemoIfEmpty(
  penstock: Penstock,
  env: Pick<Env, 'demoModelSizes'>,
): Promise<boolean> {
  if ((await penstock.users.count()) > 0 || (await penstock.documentsRepo.countProjects()) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
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
  const project = await repo.createProject(DEMO_PROJECT_NAME, ISO_19650_FOLDERS);
  for (const demo of DEMO_USERS)
    if (demo.project) await repo.upsertMember(project.id, users.get(demo.email)!, demo.project);

  const folder = async (top: string, child?: string) => {
    const tops = await repo.childFolders(project.id, null);
    const parent = tops.find((f) => f.name === top)!;
    if (!child) return parent.id;
    return (await repo.childFolders(project.id, parent.id)).find((f) => f.name === child)!.id;
  };
  const author = { id: users.get('tm@penstock.demo')! };
  const add = async (folderId: string, fileName: string, content: Uint8Array | string) => {
    const bytes = typeof content === 'string' ? Buffer.from(content) : content;
    const blob = await penstock.blobs.putBuffer(bytes);
    await penstock.documents.addFile(author, { projectId: project.id, folderId }, fileName, blob);
  };

  const [small, medium] = env.demoModelSizes;
  await add(
    await folder('WIP', 'Process'),
    'RWTW-3D-Inlet-Works.ifc',
    generatePlantIfc({ elements: small, seed: 11, name: 'Inlet Works' }),
  );
  await add(
    await folder('Shared', 'Process'),
    'RWTW-3D-Treatment-Works.ifc',
    generatePlantIfc({ elements: medium, seed: 29, name: 'Treatment Works', buildings: true }),
  );
  await add(
    await folder('Shared', 'Process'),
    'RWTW-PID-0101 Inlet Works P&ID.pdf',
    await generatePidPdf({ sheets: 3, seed: 11, title: 'Inlet Works P&ID', drawingPrefix: 'RWTW-PID-01' }),
  );
  await add(
    await folder('Published', 'Drawings'),
    'RWTW-PID-0201 Aeration P&ID.pdf',
    await generatePidPdf({ sheets: 4, seed: 29, title: 'Aeration Lanes P&ID', drawingPrefix: 'RWTW-PID-02' }),
  );
  await add(
    await folder('Published', 'Schedules'),
    'RWTW-Equipment-List.xlsx',
    await generateEquipmentListXlsx(29),
  );
  await add(await folder('Shared', 'Civil'), 'RWTW-Site-Photo-Inlet.png', generateSitePhotoPng(11));
  await add(
    await folder('WIP', 'Mechanical'),
    'Pump-Datasheet-Notes.txt',
    'Duty/standby return activated sludge pumps P-2101A/B.\nConfirm motor rating with the supplier before design freeze.\n',
  );

  const other = await repo.createProject(OTHER_PROJECT_NAME, ISO_19650_FOLDERS);
  await repo.upsertMember(other.id, users.get('tm@penstock.demo')!, 'manager');
  await repo.upsertMember(other.id, users.get('admin@penstock.demo')!, 'manager');

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
  await seedDemoTraining(penstock, users.get('admin@penstock.demo')!);
  await seedDemoSupplierZone(penstock, {
    projectId: project.id,
    authorId: tm.id,
    reviewerId: users.get('admin@penstock.demo')!,
  });
  await new DsearService(new DsearRepo(penstock.database.db), repo, penstock.access).saveOrCreate(
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
  return true;
}
