import type { DocumentHold, ProjectUser, WorkflowDetail, WorkflowStructure } from '@penstock/shared';
import { initialAppState, type AppState } from '../../../base/store.tsx';
import type { ModelInfo } from '../../viewer/api.ts';
import { PROJECT_ID, project, user } from '../../../test/fixtures.ts';
import type { Routes } from '../../../test/fetchMock.ts';

export const VERSION_ID = 'v.aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const ITEM_ID = 'i.bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

export const modelInfo: ModelInfo = {
  versionId: VERSION_ID,
  itemId: ITEM_ID,
  projectId: PROJECT_ID,
  projectName: project.text,
  fileName: 'pump-house.ifc',
  fileType: 'ifc',
  conversion: { state: 'done', progress: 1, error: null },
  objectCount: 3,
  viewables: [{ guid: 'g3d', name: '3D', role: '3d' }],
};

const folderNode = (Id: string, Name: string, NestedObjects: WorkflowStructure['NestedObjects'] = []) => ({
  Id,
  Name,
  Type: 'folder',
  NestedObjects,
});

export const structure: WorkflowStructure = {
  Id: PROJECT_ID,
  Name: project.text,
  Type: 'project',
  lastUpdated: new Date(2026, 10, 23, 21, 40).toISOString(),
  NestedObjects: [
    folderNode('f.wip', 'WIP', [
      {
        Id: ITEM_ID,
        Name: 'pump-house.ifc',
        Type: 'file',
        NestedObjects: [],
        VersionId: VERSION_ID,
        VersionNumber: 2,
        State: 'WIP',
        Revision: 'P01.02',
        Suitability: 'S0',
      },
    ]),
    folderNode('f.shared', 'Shared'),
    folderNode('f.published', 'Published', [folderNode('f.drawings', 'Drawings')]),
  ],
};

/** The structure with the document held by an open workflow. */
export const heldStructure = (hold: DocumentHold): WorkflowStructure =>
  structuredClone({
    ...structure,
    NestedObjects: structure.NestedObjects.map((folder) => ({
      ...folder,
      NestedObjects: folder.NestedObjects.map((node) =>
        node.Id === ITEM_ID ? { ...node, Hold: hold } : node,
      ),
    })),
  });

/** The structure with the document in Published/Drawings (the record). */
export const publishedStructure = (): WorkflowStructure => {
  const [wip, shared, published] = structure.NestedObjects;
  const document = { ...wip!.NestedObjects[0]!, State: 'Published', Revision: 'C01', Suitability: 'A1' };
  return structuredClone({
    ...structure,
    NestedObjects: [
      { ...wip!, NestedObjects: [] },
      shared!,
      { ...published!, NestedObjects: [{ ...published!.NestedObjects[0]!, NestedObjects: [document] }] },
    ],
  });
};

export const users: ProjectUser[] = [
  { autodeskId: 'u2', email: 'bob@example.com', firstName: 'Bob', lastName: 'Builder' },
  { autodeskId: 'u3', email: 'cat@example.com', firstName: 'Cat', lastName: 'Checker' },
];

export const structureUrl = `/api/workflow/structure?projectId=${encodeURIComponent(PROJECT_ID)}`;

export const documentWorkflowUrl = `/api/workflow/document?projectId=${encodeURIComponent(
  PROJECT_ID,
)}&itemId=${encodeURIComponent(ITEM_ID)}`;

/** The document's open workflow: submitted by u2 (Bob), waiting for Cat's review, overdue. */
export const openWorkflow = (overrides: Partial<WorkflowDetail> = {}): WorkflowDetail => ({
  id: 'w.open',
  projectid: PROJECT_ID,
  projectId: PROJECT_ID,
  projectName: project.text,
  documentId: VERSION_ID,
  itemId: ITEM_ID,
  documentName: 'pump-house.ifc',
  revision: 'P01.02',
  suitability: 'S0',
  uploadFolderId: 'f.drawings',
  uploadFolderName: 'Published/Drawings',
  targetFolder: 'Published/Drawings',
  targetSuitability: 'A1',
  createdDate: '2026-11-20T10:00:00.000Z',
  createdByUserId: 'u2',
  createdByName: 'Bob Builder',
  createdByEmail: 'bob@example.com',
  comment: 'Please check',
  status: 'In review',
  reviewers: [
    {
      id: 'r.cat',
      userId: 'u3',
      email: 'cat@example.com',
      name: 'Cat Checker',
      status: 'Pending',
      comment: '',
      decidedAt: null,
    },
  ],
  approvers: [
    {
      id: 'a.bob',
      userId: 'u2',
      email: 'bob@example.com',
      name: 'Bob Builder',
      status: 'Pending',
      comment: '',
      decidedAt: null,
    },
  ],
  publishedVersionId: null,
  publishedRevision: null,
  dueDate: '2026-11-25',
  overdue: true,
  history: [],
  ...overrides,
});

/** The calls the Workflow panel makes before anything is done. */
export const panelRoutes = (): Routes => ({
  [documentWorkflowUrl]: { json: { workflow: null } },
  '/api/user': { json: user },
  [`/api/models/${encodeURIComponent(VERSION_ID)}`]: { json: modelInfo },
  [`/api/forge/bim360/Users?projectid=${encodeURIComponent(PROJECT_ID)}`]: {
    json: { data: { results: users } },
  },
  [structureUrl]: { json: structure },
});

/** A member with the document's project selected and one model open. */
export const memberState = (overrides: Partial<AppState> = {}): AppState => ({
  ...initialAppState(),
  selectedProject: { projectid: PROJECT_ID, text: project.text, hrefbim360: '/projectLog', role: 'member' },
  openModels: [
    {
      id: ITEM_ID,
      name: 'pump-house.ifc',
      number: 1,
      selected: true,
      fileType: 'ifc',
      hrefbim360: '',
      versionId: VERSION_ID,
    },
  ],
  ...overrides,
});

/** The JSON of the formData field of a multipart call. */
export const sentForm = (init: RequestInit | undefined): unknown =>
  JSON.parse(String((init?.body as FormData).get('formData')));
