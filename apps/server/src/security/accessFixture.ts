import { generatePlantIfc } from '@penstock/plantgen';
import { multipartFile, type TestPenstock } from '../test/harness.ts';

/** A project with something behind every kind of id a route takes, and the people of the matrix. */
export interface AccessFixture {
  projectId: string;
  projectName: string;
  folderId: string;
  itemId: string;
  versionId: string;
  issueId: string;
  member: { id: string; email: string; cookie: string };
  outsider: { id: string; email: string; cookie: string };
}

export async function buildAccessFixture(penstock: TestPenstock): Promise<AccessFixture> {
  const person = async (name: string) => {
    const user = await penstock.createUser({ name });
    return { ...user, cookie: await penstock.signIn(user.email) };
  };
  const member = await person('Member');
  const outsider = await person('Outsider');
  const projectName = 'Matrix works';
  const project = await penstock.createProject(projectName, [{ userId: member.id, role: 'member' }]);
  const folderId = project.folders.WIP!;
  const { payload, headers } = multipartFile(
    'plant.ifc',
    Buffer.from(generatePlantIfc({ elements: 40, seed: 9 })),
  );
  const upload = await penstock.app.inject({
    method: 'POST',
    url: `/api/folders/${folderId}/files`,
    payload,
    headers: { ...headers, cookie: member.cookie },
  });
  if (upload.statusCode !== 201) throw new Error(`upload failed: ${upload.body}`);
  const { item, version } = upload.json() as { item: { id: string }; version: { id: string } };
  await penstock.jobs.idle();
  const issue = await penstock.app.inject({
    method: 'POST',
    url: '/api/issues',
    headers: { cookie: member.cookie },
    payload: { projectId: project.id, title: 'Matrix issue', type: 'design_query', documentId: item.id },
  });
  if (issue.statusCode !== 201 && issue.statusCode !== 200) throw new Error(`issue failed: ${issue.body}`);
  return {
    projectId: project.id,
    projectName,
    folderId,
    itemId: item.id,
    versionId: version.id,
    issueId: (issue.json() as { id: string }).id,
    member,
    outsider,
  };
}

/** The concrete request a route is tried with: its parameters filled from the fixture, a body naming it. */
export function requestFor(route: { method: string; url: string }, f: AccessFixture) {
  const params: Record<string, string> = {
    projectId: f.projectId,
    folderId: f.folderId,
    itemId: f.itemId,
    versionId: f.versionId,
    localId: '1',
    userId: f.member.id,
    tag: 'matrix',
    fileName: 'logo.png',
    file: 'generalSettings.json',
    roleName: 'matrix',
    fileId: 'f.00000000-0000-4000-8000-000000000000',
  };
  const url = route.url
    .replace(
      /:id(?=\/|$)/,
      route.url.startsWith('/api/issues')
        ? f.issueId
        : route.url.startsWith('/api/admin/users')
          ? f.member.id
          : 'x.00000000-0000-4000-8000-000000000000',
    )
    .replace(/:(\w+)/g, (_, name: string) => params[name] ?? 'x');
  const ids = {
    projectId: f.projectId,
    projectid: f.projectId,
    projectName: f.projectName,
    documentId: f.itemId,
    itemId: f.itemId,
    versionId: f.versionId,
    urn: f.versionId,
    email: f.member.email,
    // the fields the spec's calls need, so that a refusal is about access rather than input
    name: 'Matrix folder',
    title: 'Matrix title',
    body: 'Matrix comment',
    type: 'design_query',
  };
  if (route.method === 'GET') {
    const query = new URLSearchParams({ ...ids, id: f.projectId }).toString();
    return { method: route.method, url: `${url}${url.includes('?') ? '&' : '?'}${query}` };
  }
  const record = {
    projectName: f.projectName,
    fileName: 'plant.ifc',
    tag: 'MATRIX-1',
    guId: '0Matrix000000000000001',
    category: 'Valve',
    locked: false,
    propValueList: [{ propName: 'Valve Orientation', propValue: 'Vertical' }],
  };
  const data: Record<string, unknown> = {
    '/api/getdynamic': { projectName: f.projectName, fileName: 'plant.ifc' },
    '/api/savedynamic': [record],
    '/api/savestatic': [record],
  };
  if (route.url in data) {
    // the property calls take their JSON as the multipart field Data
    const boundary = 'matrixboundary';
    return {
      method: route.method,
      url,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="Data"\r\n\r\n${JSON.stringify(data[route.url])}\r\n--${boundary}--\r\n`,
    };
  }
  return {
    method: route.method,
    url,
    payload: { ...ids, formData: JSON.stringify(ids), Data: JSON.stringify([]) },
  };
}
