import type { CurrentUser, ProjectListItem, TreeNode } from '@penstock/shared';
import { initialAppState, type AppState } from '../base/store.tsx';
import type { Routes } from './fetchMock.ts';

export const user: CurrentUser = {
  id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  picture: null,
  roles: [],
};
export const admin: CurrentUser = { ...user, id: 'u0', name: 'Grace Hopper', roles: ['administrator'] };

export const generalSettings = {
  maxProjectFinderNameLength: 20,
  maxProjectBrowserNameLength: 24,
  maxTabNameLength: 12,
  mobileWidth: 600,
  tabletWidth: 1024,
  maxViewers: 2,
};

export const START_TEXT = 'Choose a project to begin.';

/** The configuration files under /config/. */
export const configRoutes = (settings: object = generalSettings): Routes => ({
  '/config/fileExtensionWhitelist.json': { json: [{ type: 'ifc' }, { type: 'pdf' }] },
  '/config/filterPropertyWhitelist.json': { json: [] },
  '/config/filterCategoryWhitelist.json': { json: [] },
  '/config/folderExtensionBlacklist.json': { json: [{ type: 'tmp' }] },
  '/config/generalSettings.json': { json: settings },
  '/config/projectDataConfig.json': { json: {} },
  '/config/calculationsConfig.json': { json: {} },
  '/config/startPage.md': { text: `# Welcome to Penstock\n\n${START_TEXT}` },
  // rendered by the server from startPage.md
  '/config/startPage.html': { text: `<h1>Welcome to Penstock</h1>\n<p>${START_TEXT}</p>` },
});

export const PROJECT_ID = 'b.11111111-1111-4111-8111-111111111111';
export const project: ProjectListItem = {
  id: PROJECT_ID,
  projectid: PROJECT_ID,
  text: 'Anglian Water Treatment Works Upgrade',
  type: 'project',
  hrefbim360: '/projectLog',
};
/** The app's state with the demo project chosen in the finder. */
export const projectSelected = (): AppState => ({
  ...initialAppState(),
  selectedProject: { projectid: PROJECT_ID, text: project.text, hrefbim360: project.hrefbim360 },
});

/** GET /api/models/i.pump: a model of the project still converting. */
export const pumpInfo = {
  versionId: 'i.pump',
  itemId: 'i.pump',
  projectId: PROJECT_ID,
  projectName: project.text,
  fileName: 'Pump station.ifc',
  fileType: 'ifc',
  conversion: { state: 'running', progress: 0.4, error: null },
  objectCount: 0,
  viewables: [],
};

export const otherProject: ProjectListItem = {
  id: 'b.22222222-2222-4222-8222-222222222222',
  projectid: 'b.22222222-2222-4222-8222-222222222222',
  text: 'Bristol Reservoir',
  type: 'project',
  hrefbim360: '/projectLog',
};

export const folder = (id: string, text: string): TreeNode => ({
  id,
  text,
  type: 'folder',
  children: true,
  hrefbim360: `/folders/${id}`,
});

export const file = (id: string, fileName: string, versionNumber = 1): TreeNode => ({
  id,
  text: fileName,
  type: 'item',
  children: false,
  fileName,
  fileType: fileName.split('.').pop() ?? '',
  hrefbim360: `/api/items/${id}/content`,
  versionNumber,
});

export const treeUrl = (id: string) => `/api/tree?id=${encodeURIComponent(id)}`;

/** A signed-in user with one project: WIP (with files), Shared (empty), a blocked folder. */
export const signedInRoutes = (currentUser: CurrentUser = user): Routes => ({
  ...configRoutes(),
  '/api/user': { json: currentUser },
  [treeUrl('#')]: { json: [project, otherProject] },
  [treeUrl(PROJECT_ID)]: {
    json: [folder('f.wip', 'WIP'), folder('f.shared', 'Shared'), folder('f.tmp', 'Scratch.tmp')],
  },
  [treeUrl('f.wip')]: {
    json: [
      folder('f.models', 'Models'),
      file('i.pump', 'Pump station.ifc', 3),
      file('i.valves', 'Valve chamber.ifc'),
      file('i.pid', 'Process and instrumentation diagram.pdf'),
      file('i.schedule', 'Equipment schedule.xlsx'),
    ],
  },
  [treeUrl('f.shared')]: { json: [] },
});
