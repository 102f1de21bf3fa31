/**
 * What the IDS integration tests share: small IDS files written against plantgen's plant (its valves carry
 * 'Size (mm)' in Penstock_Asset; its pumps carry no duty flow unless one is entered as a dynamic value), and a
 * project with a manager, a member, a viewer and an outsider.
 */
import { generatePlantIfc } from '@penstock/plantgen';
import { multipartFile, type TestPenstock } from '../../test/harness.ts';

const facet = (name: string) => `<name><simpleValue>${name}</simpleValue></name>`;

export const idsFile = (title: string, specifications: string) => `<?xml version="1.0" encoding="utf-8"?>
<ids xmlns="http://standards.buildingsmart.org/IDS" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://standards.buildingsmart.org/IDS http://standards.buildingsmart.org/IDS/1.0/ids.xsd">
  <info><title>${title}</title></info>
  <specifications>
${specifications}
  </specifications>
</ids>
`;

export const property = (set: string, name: string, dataType?: string) =>
  `<property${dataType ? ` dataType="${dataType}"` : ''} cardinality="required"><propertySet><simpleValue>${set}</simpleValue></propertySet><baseName><simpleValue>${name}</simpleValue></baseName></property>`;

export const specification = (
  name: string,
  entity: string,
  requirements: string,
) => `    <specification name="${name}" ifcVersion="IFC4">
      <applicability minOccurs="1" maxOccurs="unbounded"><entity>${facet(entity)}</entity></applicability>
      <requirements>${requirements}</requirements>
    </specification>`;

/** Valves have a size (passes), pumps a duty flow as a dynamic value (fails until one is entered). */
export const PLANT_IDS = idsFile(
  'Plant test requirements',
  [
    specification('Valves have a size', 'IFCVALVE', property('Penstock_Asset', 'Size (mm)', 'IFCREAL')),
    specification('Pumps have a duty flow', 'IFCPUMP', property('Penstock_Dynamic', 'Duty Flow (l/s)')),
  ].join('\n'),
);

/** Every pump has a tag (passes). */
export const TAGS_IDS = idsFile(
  'Tags',
  specification('Pumps are tagged', 'IFCPUMP', property('Penstock_Asset', 'Tag', 'IFCLABEL')),
);

export const plantIfc = (elements = 60, seed = 9) => Buffer.from(generatePlantIfc({ elements, seed }));

export interface IdsProject {
  projectId: string;
  folders: Record<string, string>;
  cookies: Record<'manager' | 'member' | 'viewer' | 'outsider', string>;
  userIds: Record<'manager' | 'member' | 'viewer' | 'outsider', string>;
}

export async function idsProject(penstock: TestPenstock, name: string): Promise<IdsProject> {
  const cookies = {} as IdsProject['cookies'];
  const userIds = {} as IdsProject['userIds'];
  for (const who of ['manager', 'member', 'viewer', 'outsider'] as const) {
    const user = await penstock.createUser({ name: `IDS ${who}` });
    userIds[who] = user.id;
    cookies[who] = await penstock.signIn(user.email);
  }
  const project = await penstock.createProject(name, [
    { userId: userIds.manager, role: 'manager' },
    { userId: userIds.member, role: 'member' },
    { userId: userIds.viewer, role: 'viewer' },
  ]);
  return { projectId: project.id, folders: project.folders, cookies, userIds };
}

/** Uploads a file (as the member unless told) and answers its item and version ids. */
export async function upload(
  penstock: TestPenstock,
  folderId: string,
  cookie: string,
  fileName: string,
  content: Buffer | string,
): Promise<{ itemId: string; versionId: string }> {
  const { payload, headers } = multipartFile(fileName, Buffer.from(content));
  const response = await penstock.app.inject({
    method: 'POST',
    url: `/api/folders/${folderId}/files`,
    payload,
    headers: { ...headers, cookie },
  });
  if (response.statusCode !== 201)
    throw new Error(`upload of ${fileName}: ${response.statusCode} ${response.body}`);
  const body = response.json<{ item: { id: string }; version: { id: string } }>();
  return { itemId: body.item.id, versionId: body.version.id };
}

/** Waits for conversions, then for the checks they queued. */
export async function settled(penstock: TestPenstock): Promise<void> {
  await penstock.jobs.idle();
  await penstock.idsJobs.idle();
}
