import { WATER_FRAMEWORK_STANDARD, type InfoStandard } from '@penstock/shared';
import type { Db } from '../db/database.ts';
import { InfoStandardRepo } from '../modules/infoStandard/index.ts';
import { DeliveryPlanRepo } from '../modules/register/index.ts';

/**
 * The demo project's information standard (the water framework default with its project and originator
 * codes) and a small delivery plan: one deliverable late, one not started, one for the technical manager.
 * The demo's own files keep their older names, so the register shows how existing files are reported.
 */
export async function seedDemoNaming(
  db: Db,
  projectId: string,
  users: { manager: string; engineer: string; engineerEmail: string; managerEmail: string },
): Promise<void> {
  const standard: InfoStandard = {
    ...WATER_FRAMEWORK_STANDARD,
    fields: WATER_FRAMEWORK_STANDARD.fields.map((field) =>
      field.key === 'project'
        ? { ...field, codes: [{ code: 'RWTW', description: 'Riverside Water Treatment Works' }] }
        : field.key === 'originator'
          ? {
              ...field,
              codes: [
                { code: 'PSK', description: 'Penstock Engineering' },
                { code: 'ACM', description: 'Acme Civils' },
              ],
            }
          : field,
    ),
  };
  await new InfoStandardRepo(db).saveStandard(projectId, standard, users.manager);
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
