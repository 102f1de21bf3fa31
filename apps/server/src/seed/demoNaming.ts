import type { Db } from '../db/database.ts';
import { DeliveryPlanRepo } from '../modules/register/index.ts';

/**
 * The demo project's small delivery plan: one deliverable late, one not started, one for the technical
 * manager. Its naming standard is offered (the water framework default) but not saved: a project checks names only once its manager saves
 * a standard (Document register → Naming standard), so the demo's everyday uploads into Shared keep working
 * until the team decides. The demo's own files keep their older names; the register shows how they compare.
 */
export async function seedDemoNaming(
  db: Db,
  projectId: string,
  users: { manager: string; engineer: string; engineerEmail: string; managerEmail: string },
): Promise<void> {
  const planned = [
    [
      'RWTW-PSK-IW-00-DR-P-0101.pdf',
      'Inlet works P&ID',
      users.engineerEmail,
      users.engineer,
      'S3',
      '2027-01-15',
    ],
    [
      'RWTW-PSK-ZZ-XX-M3-W-0001.ifc',
      'Treatment works 3D model',
      users.engineerEmail,
      users.engineer,
      'S2',
      '2026-11-20',
    ],
    [
      'RWTW-ACM-ST-00-SP-M-0001.pdf',
      'RAS pump specification',
      users.managerEmail,
      users.manager,
      'A1',
      '2027-02-26',
    ],
  ] as const;
  await new DeliveryPlanRepo(db).upsert(
    planned.map(([name, title, responsible, userId, suitability, due]) => ({
      id: `d.${crypto.randomUUID()}`,
      project_id: projectId,
      name,
      title,
      responsible,
      responsible_user_id: userId,
      planned_suitability: suitability,
      due_date: due,
      created_at: new Date().toISOString(),
      created_by: users.manager,
    })),
  );
}
