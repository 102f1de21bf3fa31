import type { CurrentUser } from '@penstock/shared';
import type { Db } from '../db/database.ts';
import type { AccessService } from '../security/access.ts';
import { ProjectDataRepo } from '../modules/projectData/projectData.repo.ts';
import { ProjectDataService } from '../modules/projectData/projectData.service.ts';
import { calculate } from '../modules/projectData/calculator.ts';

/** A typical small works' diurnal profile (l/s per hour, 00:00 to 23:00): night minimum, morning peak. */
const AVERAGE = [
  62, 55, 50, 47, 46, 49, 60, 82, 104, 112, 110, 104, 98, 94, 90, 88, 90, 96, 102, 100, 94, 86, 78, 70,
];

/** The demo project's design data, so the forms, the flow chart and the report have something to show. */
export async function seedDemoProjectData(
  db: Db,
  access: AccessService,
  author: CurrentUser,
  projectId: string,
): Promise<void> {
  const service = new ProjectDataService(new ProjectDataRepo(db), access, calculate);
  const save = (category: string, values: Record<string, string>) =>
    service.save(author, 'input', {
      projectid: projectId,
      category,
      fmejob: '',
      fileType: null,
      data: Object.entries(values).map(([key, value]) => ({ category: key, value })),
    });
  await save('site_details', {
    site_name: 'Riverside Water Treatment Works',
    site_address: 'Mill Lane, Riverside',
    grid_reference: 'SU 41234 12345',
    water_company: 'Southern Water',
    works_type: 'Wastewater treatment works',
    receiving_water: 'River Test',
  });
  await save('design_horizon', { design_year_start: '2028', design_horizon_years: '25' });
  await save('population', {
    population: '12500',
    population_equivalent: '14200',
    per_capita_flow_l_head_d: '140',
    infiltration_m3_d: '400',
    trade_effluent_m3_d: '150',
  });
  await save('consent_limits', {
    consent_bod: '15',
    consent_tss: '25',
    consent_ammonia: '3',
    consent_phosphorus: '0.5',
  });
  await service.save(author, 'input', {
    projectid: projectId,
    category: 'flow_data',
    fmejob: '',
    fileType: null,
    data: {
      percentiles: '10,50,90,95',
      annual_hourly_flows: [
        { type: 'Average', values: AVERAGE },
        { type: 'Maximum', values: AVERAGE.map((v) => Math.round(v * 1.6)) },
        { type: 'Minimum', values: AVERAGE.map((v) => Math.round(v * 0.55)) },
      ],
    },
  });
}
