import ExcelJS from 'exceljs';
import { generatePlantIfc } from '@penstock/plantgen';
import type { GlobalRole } from '@penstock/shared';
import { multipartFile, type TestPenstock } from '../harness.ts';
import { TINY_PDF, TINY_PNG, multipartBody, validAnswers } from '../../modules/supplier/supplier.testing.ts';
import { PLANT_IDS } from '../../modules/ids/ids.testing.ts';

/**
 * The people of the access matrix (issue 16), one column each. The project roles are members of the
 * fixture's project; the global roles are not, so their column shows what the role alone gives.
 */
export const COLUMNS = [
  'anonymous',
  'outsideRecipient',
  'outsider',
  'viewer',
  'member',
  'manager',
  'administrator',
  'seniorDesignManager',
  'feedbackReviewer',
  'supplierRegisterManager',
  'leadEngineer',
  'practitioner',
  'workflowReviewer',
  'workflowApprover',
] as const;
export type Column = (typeof COLUMNS)[number];
/** who calls with no session: nobody, or an outside recipient of a transmittal holding their link's token */
export type SessionlessColumn = 'anonymous' | 'outsideRecipient';
export type PersonColumn = Exclude<Column, SessionlessColumn>;
export const isSessionless = (column: Column): column is SessionlessColumn =>
  column === 'anonymous' || column === 'outsideRecipient';

export const COLUMN_LABELS: Record<Column, string> = {
  anonymous: 'no session',
  outsideRecipient: "outside recipient (no session; a transmittal link's token)",
  outsider: 'signed-in outsider',
  viewer: 'project viewer',
  member: 'project member',
  manager: 'project manager',
  administrator: 'administrator',
  seniorDesignManager: 'senior design manager (listed on the DSEAR entry)',
  feedbackReviewer: 'feedback reviewer',
  supplierRegisterManager: 'supplier register manager',
  leadEngineer: 'checker / lead engineer (named on the DSEAR entry)',
  practitioner: 'practitioner (named on the DSEAR entry)',
  workflowReviewer: 'listed workflow reviewer (a project member)',
  workflowApprover: 'listed workflow approver (a project member)',
};

export interface Person {
  id: string;
  email: string;
  name: string;
  cookie: string;
}

/** What each person needs of their own, so that one column's allowed action never spends another's target. */
export interface OwnTargets {
  /** an item to submit for review (POST /api/workflow) */
  submitItemId: string;
  /** an item to delete (POST /api/workflow/delete) */
  deleteItemId: string;
  /** an item in WIP/Civil to move (POST /api/workflow/move) */
  moveItemId: string;
  /** items in Published/Drawings to move to Archived and to delete: the record, managers only */
  recordMoveItemId: string;
  recordDeleteItemId: string;
  /** a deleted item to restore (POST /api/items/:itemId/restore) */
  restoreItemId: string;
  /** a saved sketch to delete (POST /api/deletepidsketch) */
  sketchName: string;
  /** a sketch saved twice, to restore version 1 of (with the time of its latest save) and to issue */
  sketchId: string;
  sketchUpdatedAt: string;
  /** a saved view of the model to delete, saved by the fixture's member (DELETE /api/views/:viewId) */
  viewId: string;
  /** a resumable upload the fixture's member began, to cancel (DELETE /api/uploads/:id) */
  uploadId: string;
}

/** A project with something behind every kind of id a route takes, and the people of the matrix. */
export interface AccessFixture {
  projectId: string;
  projectName: string;
  folders: Record<string, string>;
  /** WIP: the folder of the IFC model */
  folderId: string;
  itemId: string;
  versionId: string;
  /** a PDF drawing's version (WIP), for the drawing compare's calls (compared with itself) */
  drawingVersionId: string;
  localId: number;
  issueId: string;
  people: Record<PersonColumn, Person>;
  member: Person;
  outsider: Person;
  /** a project member who is in no column: the reviewer and approver of the columns' own submissions */
  colleague: Person;
  /** the user the administration routes change (name, password, project membership) */
  target: Person;
  /** a project viewer the administration route removes from the project */
  leaver: Person;
  /** the account the sign-in routes sign in as */
  signin: Person;
  own: Record<Column, OwnTargets>;
  /** a text file the move's first step copies into WIP/Mechanical */
  copyItemId: string;
  /** a saved sketch to export as DEXPI (GET …/sketches/:sketchId/export-dexpi) */
  sketchId: string;
  workflow: {
    inReviewId: string;
    reviewId: string;
    awaitingApprovalId: string;
    approvalId: string;
    /** a third, for the calls that change or end a workflow (reassign, then withdraw) */
    changeableId: string;
    changeableReviewId: string;
    changeableItemId: string;
  };
  markup: { id: string; previewId: string };
  /** a saved view of the model, saved by the fixture's member */
  viewId: string;
  /** a resumable upload of 10 bytes the member began in WIP (issue 35 §4), none of them sent */
  resumableUploadId: string;
  /**
   * A transmittal the member issued to themselves and to outside people (issue 35 §3): the outside
   * recipient's live token, a revoked one (what everyone else calls the link routes with), the recipient
   * whose response has an attachment, and per column an outside recipient to revoke.
   */
  transmittal: {
    id: string;
    token: string;
    revokedToken: string;
    attachmentRecipientId: string;
    revoke: Record<Column, string>;
  };
  /** a model compare (issue 34), done: the model against another model of the project */
  compare: { id: string; headVersionId: string };
  /** an IDS file scoped to WIP (issue 36) and the model's check against it, done (a specification fails) */
  ids: { itemId: string; versionId: string; checkId: string };
  history: { projectInput: string; calculation: string };
  dsearId: string;
  /** a file attached to the DSEAR entry (an item of the project's WIP/DSEAR folder) */
  dsearAttachmentId: string;
  feedbackId: string;
  supplier: { pendingId: string; attachmentId: string; logoPath: string };
  training: { roleName: string; courseId: string; tag: string };
  bcf: Buffer;
  /** issue 35: a planned deliverable (managers delete it), a document register and a delivery plan sheet */
  deliverableId: string;
  registerSheet: Buffer;
  planSheet: Buffer;
}

const GLOBAL: Partial<Record<PersonColumn, GlobalRole>> = {
  administrator: 'administrator',
  seniorDesignManager: 'senior_design_manager',
  feedbackReviewer: 'feedback_reviewer',
  supplierRegisterManager: 'supplier_register_manager',
  leadEngineer: 'checker_lead_engineer',
  practitioner: 'practitioner',
};
const PROJECT_ROLE: Partial<Record<PersonColumn, 'viewer' | 'member' | 'manager'>> = {
  viewer: 'viewer',
  member: 'member',
  manager: 'manager',
  workflowReviewer: 'member',
  workflowApprover: 'member',
};

export const SKETCH_DATE = '24/11/2026, 10:00:00';
/** The option value the workflow pickers send: '<user id>-<email>-<name>'. */
export const optionOf = (person: Person) => `${person.id}-${person.email}-${person.name}`;

/** multipart/form-data with one JSON field (formData by default), as the spec's panels send it. */
export function jsonField(data: unknown, field = 'formData') {
  return multipartBody({ [field]: JSON.stringify(data) });
}

/** A container name the water framework standard allows (the matrix saves it before it submits and approves). */
const containerName = (number: number) => `MX-MTX-ZZ-00-DR-C-${String(number).padStart(4, '0')}.txt`;

export async function buildAccessFixture(penstock: TestPenstock): Promise<AccessFixture> {
  const person = async (name: string, roles: GlobalRole[] = []): Promise<Person> => {
    const user = await penstock.createUser({ name, roles });
    return { ...user, name, cookie: await penstock.signIn(user.email) };
  };
  const people = {} as Record<PersonColumn, Person>;
  for (const column of COLUMNS)
    if (!isSessionless(column)) {
      const role = GLOBAL[column];
      people[column] = await person(`Matrix ${column}`, role ? [role] : []);
    }
  const colleague = await person('Matrix colleague');
  const target = await person('Matrix target');
  const leaver = await person('Matrix leaver');
  const signin = await person('Matrix signin');
  const projectName = 'Matrix works';
  const project = await penstock.createProject(projectName, [
    ...Object.entries(PROJECT_ROLE).map(([column, role]) => ({
      userId: people[column as PersonColumn].id,
      role: role!,
    })),
    { userId: colleague.id, role: 'member' },
    { userId: leaver.id, role: 'viewer' },
  ]);
  const { member } = people;

  const inject = async (
    who: Person,
    options: { method: string; url: string; payload?: unknown; headers?: Record<string, string> },
    expected = [200, 201],
  ) => {
    const response = await penstock.app.inject({
      ...options,
      headers: { ...options.headers, cookie: who.cookie },
    } as never);
    if (!expected.includes(response.statusCode))
      throw new Error(
        `fixture: ${options.method} ${options.url} answered ${response.statusCode} ${response.body}`,
      );
    return response;
  };
  const upload = async (folder: string, name: string, content: Buffer | string, who = member) => {
    const { payload, headers } = multipartFile(name, Buffer.from(content));
    const answer = await inject(who, {
      method: 'POST',
      url: `/api/folders/${project.folders[folder]}/files`,
      payload,
      headers,
    });
    return answer.json() as { item: { id: string }; version: { id: string } };
  };
  const json = async (who: Person, method: string, url: string, payload?: unknown) =>
    (await inject(who, { method, url, ...(payload === undefined ? {} : { payload }) })).json();
  const form = async (who: Person, method: string, url: string, data: unknown, field = 'formData') =>
    (await inject(who, { method, url, ...jsonField(data, field) })).json();

  // the model, converted, and one of its objects
  const model = await upload('WIP', 'plant.ifc', Buffer.from(generatePlantIfc({ elements: 40, seed: 9 })));
  const drawing = await upload('WIP', 'matrix-drawing.pdf', TINY_PDF);
  await penstock.jobs.idle();
  const objects = await json(member, 'GET', `/api/models/${model.version.id}/objects`);
  const issue = await json(member, 'POST', '/api/issues', {
    projectId: project.id,
    title: 'Matrix issue',
    type: 'design_query',
    documentId: model.item.id,
    snapshot: PNG_URL,
  });

  const saveView = async (name: string) =>
    (
      (await json(member, 'POST', `/api/projects/${project.id}/views`, {
        name,
        versionId: model.version.id,
        state: savedViewState(),
      })) as { id: string }
    ).id;
  const viewId = await saveView('Matrix view');
  const transmittal = await matrixTransmittal(penstock, project.id, model.version.id, member, json);

  // a second model and the compare of the two (issue 34), done
  const otherModel = await upload(
    'WIP',
    'plant-b.ifc',
    Buffer.from(generatePlantIfc({ elements: 12, seed: 10 })),
  );
  await penstock.jobs.idle();
  const compare = (
    await inject(
      member,
      {
        method: 'POST',
        url: '/api/model-compares',
        payload: { baseVersionId: model.version.id, headVersionId: otherModel.version.id },
      },
      [202],
    )
  ).json() as { id: string };
  await penstock.compareJobs.idle();

  // a resumable upload (tus) of the member's, 10 bytes into WIP
  const startUpload = async (name: string) => {
    const b64 = (text: string) => Buffer.from(text).toString('base64');
    const created = await inject(
      member,
      {
        method: 'POST',
        url: '/api/uploads',
        headers: {
          'tus-resumable': '1.0.0',
          'upload-length': '10',
          'upload-metadata': `folderId ${b64(project.folders.WIP!)},filename ${b64(name)}`,
        },
      },
      [201],
    );
    return String(created.headers.location).split('/').pop()!;
  };

  // information requirements (issue 36): an IDS file the manager scopes to WIP, the models there checked
  const idsFile = await upload('WIP', 'matrix.ids', PLANT_IDS);
  await json(people.manager, 'PUT', `/api/projects/${project.id}/ids/${idsFile.item.id}/scopes`, {
    scopes: [{ kind: 'folder', targetId: project.folders.WIP }],
  });
  await penstock.idsJobs.idle();
  const idsChecks = await json(
    member,
    'GET',
    `/api/projects/${project.id}/ids/checks?versionId=${model.version.id}`,
  );
  const ids = { itemId: idsFile.item.id, versionId: idsFile.version.id, checkId: idsChecks.checks[0].id };

  // each column's own targets
  const own = {} as Record<Column, OwnTargets>;
  for (const [index, column] of COLUMNS.entries()) {
    // submitted into Published after the matrix has saved a naming standard: a name it allows
    const submit = await upload('WIP/Civil', containerName(100 + index), `submit ${column}\n`);
    const remove = await upload('WIP/Civil', `matrix-${column}-delete.txt`, `delete ${column}\n`);
    const restore = await upload('WIP/Civil', `matrix-${column}-restore.txt`, `restore ${column}\n`);
    const move = await upload('WIP/Civil', `matrix-${column}-move.txt`, `move ${column}\n`);
    // only managers upload into Published by hand
    const manager = people.manager;
    const recordMove = await upload('Published/Drawings', `matrix-${column}-archive.txt`, 'a\n', manager);
    const recordDelete = await upload('Published/Drawings', `matrix-${column}-delete.txt`, 'd\n', manager);
    await form(member, 'POST', '/api/workflow/delete', { projectId: project.id, urnId: restore.item.id });
    const sketchName = `Matrix delete ${column} - ${SKETCH_DATE}`;
    await inject(member, {
      method: 'POST',
      url: '/api/savepidsketch',
      ...multipartBody({ Project: project.id, DrawingName: sketchName }),
    });
    // a sketch with something drawn (an empty one is not issued), saved twice: two versions
    const historyName = `Matrix history ${column} - ${SKETCH_DATE}`;
    const saveHistory = async (words: string, baseUpdatedAt: string) =>
      json(member, 'POST', '/api/savepidsketch', {
        Project: project.id,
        DrawingName: historyName,
        BaseUpdatedAt: baseUpdatedAt,
        Texts: [{ id: 't', tool: 'text', x: 10, y: 20, text: words }],
      }) as Promise<{ id: string; updatedAt: string }>;
    const history = await saveHistory(`Matrix ${column}`, '').then((first) =>
      saveHistory(`Matrix ${column} again`, first.updatedAt),
    );
    own[column] = {
      sketchId: history.id,
      sketchUpdatedAt: history.updatedAt,
      submitItemId: submit.item.id,
      deleteItemId: remove.item.id,
      moveItemId: move.item.id,
      recordMoveItemId: recordMove.item.id,
      recordDeleteItemId: recordDelete.item.id,
      restoreItemId: restore.item.id,
      sketchName,
      viewId: await saveView(`Matrix view to delete ${column}`),
      uploadId: await startUpload(`matrix-${column}-cancel.bin`),
    };
  }
  const copy = await upload('WIP/Civil', 'matrix-copy.txt', 'copy\n');
  const exported = await inject(member, {
    method: 'POST',
    url: '/api/savepidsketch',
    ...multipartBody({ Project: project.id, DrawingName: `Matrix export - ${SKETCH_DATE}` }),
  });
  const sketchId = (exported.json() as { id: string }).id;

  // two workflows: one in review by the listed reviewer, one the reviewer has passed to the approver
  const submitted = async (name: string) => {
    const document = await upload('WIP/Process', name, `${name}\n`);
    const made = (await form(member, 'POST', '/api/workflow', {
      projectId: project.id,
      documentId: document.version.id,
      itemId: document.item.id,
      createdByUserId: member.id,
      comment: 'Matrix',
      reviewers: [optionOf(people.workflowReviewer)],
      approvers: [optionOf(people.workflowApprover)],
      targetSuitability: 'A1',
      uploadFolderId: project.folders['Published/Drawings'],
    })) as { id: string; reviewers: { id: string }[]; approvers: { id: string }[] };
    return { ...made, itemId: document.item.id };
  };
  const inReview = await submitted('matrix-review.txt');
  // published by the matrix's approval, after it has saved a naming standard: a name it allows
  const awaiting = await submitted(containerName(1));
  const changeable = await submitted('matrix-withdraw.txt');
  await form(people.workflowReviewer, 'PUT', '/api/workflow/UpdateReviewers', {
    id: awaiting.reviewers[0]!.id,
    userId: people.workflowReviewer.id,
    status: 'Approved',
  });

  const markup = await form(
    member,
    'POST',
    '/api/markups/saveMarkup',
    markupRecord(project.id, model, colleague),
  );

  // forms: two saves each, so that each has an earlier value in its history
  for (const value of ['12000', '15000'])
    await json(member, 'POST', '/api/saveprojectinput', {
      projectid: project.id,
      category: 'population',
      fmejob: '',
      fileType: null,
      data: [{ category: 'population', value }],
    });
  for (const value of ['300', '400'])
    await json(member, 'POST', '/api/savecalculationdata', {
      projectid: project.id,
      category: 'calc_dwf',
      fmejob: '',
      userId: member.id,
      fileType: null,
      data: [{ category: 'infiltration_m3_d', value }],
    });
  const inputHistory = await json(member, 'POST', '/api/projectinput/history', {
    projectid: project.id,
    form: 'population',
  });
  const calculationHistory = await json(member, 'POST', '/api/calculationdata/history', {
    projectid: project.id,
    form: 'calc_dwf',
  });

  const dsear = await form(member, 'POST', '/api/dsear/saveOrCreate', dsearEntry(projectName, people));
  const dsearAttachment = (
    await inject(member, {
      method: 'POST',
      url: `/api/dsear/${(dsear as { id: string }).id}/attachments`,
      ...multipartFile('matrix-hac.pdf', TINY_PDF),
    })
  ).json() as { itemId: string };
  // feedback: one waiting for review, one a reviewer has made a FAQ (what everyone else reads)
  const giveFeedback = (text: string) =>
    inject(member, {
      method: 'POST',
      url: '/api/savefeedback',
      ...multipartBody({ Feature: '"Other"', User: '"Matrix"', Feedback: JSON.stringify(text) }),
    });
  const feedback = await giveFeedback('Matrix feedback');
  const faq = (await giveFeedback('Matrix question')).json() as { Id: string };
  await form(
    people.feedbackReviewer,
    'POST',
    '/api/savefeedbackcomment',
    [{ Id: faq.Id, Comment: 'Matrix answer', IsFaq: true }],
    'Data',
  );

  // the Supplier Zone: one submission waiting for review, one approved (its logo is public)
  const submit = async (companyName: string, address: string, withDocument: boolean) => {
    const { payload, headers } = multipartBody({ Data: JSON.stringify(validAnswers({ companyName })) }, [
      { field: 'Logo', name: 'logo.png', content: TINY_PNG },
      ...(withDocument ? [{ field: 'Attachments', name: 'reference.pdf', content: TINY_PDF }] : []),
    ]);
    const response = await penstock.app.inject({
      method: 'POST',
      url: '/api/savesdcdata',
      payload,
      headers,
      remoteAddress: address,
    });
    if (response.statusCode !== 200) throw new Error(`fixture: savesdcdata ${response.body}`);
  };
  await submit('Matrix Pending Ltd', '10.77.1.1', true);
  await submit('Matrix Approved Ltd', '10.77.1.2', false);
  const srm = people.supplierRegisterManager;
  const submissions = (await json(srm, 'GET', '/api/supplier/submissions')) as {
    id: string;
    companyName: string;
  }[];
  const idOf = (name: string) => submissions.find((s) => s.companyName === name)!.id;
  await json(srm, 'POST', `/api/supplier/submissions/${idOf('Matrix Approved Ltd')}/review`, {
    status: 'Approved',
    dateOfLastReview: '2026-11-24',
  });
  const pending = await json(srm, 'GET', `/api/supplier/submissions/${idOf('Matrix Pending Ltd')}`);
  const register = (await json(member, 'GET', '/api/getsdcdata')) as Record<string, { LogoName: string }>;
  const logoName = Object.values(register)[0]!.LogoName;

  // training: a role, and a PDF course with its material
  const admin = people.administrator;
  await json(admin, 'POST', '/api/training/admin/roles', { roleName: 'matrix', displayName: 'Matrix' });
  const course = await json(admin, 'POST', '/api/training/admin/courses', trainingCourse('matrix'));
  await inject(admin, {
    method: 'PUT',
    url: `/api/training/admin/courses/${course.id}/material`,
    ...multipartFile('matrix.pdf', TINY_PDF, 'material'),
  });

  const bcf = await inject(member, { method: 'GET', url: `/api/issues/bcf?projectid=${project.id}` });
  const previewUrl = (markup as { markupData: { imagePreview: string }[] }).markupData[0]!.imagePreview;

  return {
    projectId: project.id,
    projectName,
    folders: project.folders,
    folderId: project.folders.WIP!,
    itemId: model.item.id,
    versionId: model.version.id,
    drawingVersionId: drawing.version.id,
    localId: (objects as { localIds: number[] }).localIds[0]!,
    issueId: (issue as { id: string }).id,
    people,
    member,
    outsider: people.outsider,
    colleague,
    target,
    leaver,
    signin,
    own,
    transmittal,
    copyItemId: copy.item.id,
    sketchId,
    workflow: {
      inReviewId: inReview.id,
      reviewId: inReview.reviewers[0]!.id,
      awaitingApprovalId: awaiting.id,
      approvalId: awaiting.approvers[0]!.id,
      changeableId: changeable.id,
      changeableReviewId: changeable.reviewers[0]!.id,
      changeableItemId: changeable.itemId,
    },
    markup: { id: (markup as { id: string }).id, previewId: previewUrl.split('/').pop()! },
    viewId,
    resumableUploadId: await startUpload('matrix-resumable.bin'),
    ...(await registerTargets(project.id, (payload) =>
      json(people.manager, 'POST', `/api/projects/${project.id}/deliverables`, payload),
    )),
    compare: { id: compare.id, headVersionId: otherModel.version.id },
    ids,
    history: {
      projectInput: (inputHistory as { id: string }[])[0]!.id,
      calculation: (calculationHistory as { id: string }[])[0]!.id,
    },
    dsearId: (dsear as { id: string }).id,
    dsearAttachmentId: dsearAttachment.itemId,
    feedbackId: (feedback.json() as { Id: string }).Id,
    supplier: {
      pendingId: (pending as { id: string }).id,
      attachmentId: (pending as { attachments: { id: string }[] }).attachments[0]!.id,
      logoPath: `/logos/${logoName.replace(/ /g, '')}`,
    },
    training: { roleName: 'matrix', courseId: (course as { id: string }).id, tag: 'matrix' },
    bcf: bcf.rawPayload,
  };
}

/** A 1×1 PNG as a data URL: a markup's screenshot. */
const PNG_URL = `data:image/png;base64,${TINY_PNG.toString('base64')}`;

export function markupRecord(
  projectId: string,
  model: { item: { id: string }; version: { id: string } },
  createdFor: Person,
  title = 'Matrix markup',
) {
  return {
    projectId,
    documentId: model.version.id,
    itemId: model.item.id,
    documentName: 'plant.ifc',
    createdFor: createdFor.email,
    actioned: false,
    title,
    markupData: [
      {
        markupTitle: title,
        markupData: JSON.stringify({ version: 1, shapes: [{ type: 'rect' }] }),
        markupstate: JSON.stringify({ viewport: { eye: [0, 0, 1] } }),
        imagePreview: PNG_URL,
        documentName: 'plant.ifc',
        documentVersion: 'V1',
        created: '24/11/2026',
      },
    ],
  };
}

/** A saved view's state (ModelViewerState version 2): a camera. */
export const savedViewState = () => ({
  version: 2,
  kind: '3d',
  camera: { position: { x: 10, y: 10, z: 10 }, target: { x: 0, y: 0, z: 0 } },
  plan: null,
  selection: [],
});

/** The project's DSEAR entry: AMBER (all four questions YES), so its listed manager may approve it. */
export function dsearEntry(projectName: string, people: Record<PersonColumn, Person>, id?: string) {
  return {
    ...(id ? { id } : {}),
    projectName,
    tm: 'Matrix manager',
    sdms: [{ email: people.seniorDesignManager.email }],
    leadEngineer: people.leadEngineer.email,
    practionerFlag: 'YES',
    practitioner: people.practitioner.email,
    flidsRisk: 'Orange',
    flidsOutcome: 'Zone 1',
    dsearZone: [{ zone: 'Inlet Works', rating: 'Zone 1', other: '' }],
    dsearIden: 'YES',
    dsearImp: 'YES',
    dsearSpec: 'YES',
    dsearApp: 'YES',
  };
}

export const trainingCourse = (tag: string) => ({
  trainingTitle: `Matrix course ${tag}`,
  format: 'PDF',
  time: '10 minutes',
  tag,
  url: '',
  roleData: {},
  retired: false,
});

/** The fixture's transmittal (issue 35 §3): see AccessFixture.transmittal. */
async function matrixTransmittal(
  penstock: TestPenstock,
  projectId: string,
  versionId: string,
  member: Person,
  json: (who: Person, method: string, url: string, payload?: unknown) => Promise<unknown>,
): Promise<AccessFixture['transmittal']> {
  const address = (column: string) => `matrix-${column.toLowerCase()}@outside.example`;
  const issued = (await json(member, 'POST', `/api/projects/${projectId}/transmittals`, {
    versionIds: [versionId],
    purpose: 'For comment',
    dueDate: '2099-12-31',
    memberIds: [member.id],
    outside: [
      { email: 'matrix-recipient@outside.example' },
      { email: 'matrix-revoked@outside.example' },
      { email: 'matrix-responder@outside.example' },
      ...COLUMNS.map((column) => ({ email: address(column) })),
    ],
  })) as {
    transmittal: { id: string; recipients: Array<{ id: string; email: string }> };
    links: Array<{ email: string; url: string }>;
  };
  const tokenOf = (email: string) =>
    issued.links.find((l) => l.email === email)!.url.split('/transmittal/')[1]!;
  const recipientOf = (email: string) => issued.transmittal.recipients.find((r) => r.email === email)!.id;
  const id = issued.transmittal.id;
  await json(
    member,
    'POST',
    `/api/transmittals/${id}/recipients/${recipientOf('matrix-revoked@outside.example')}/revoke`,
  );
  const { payload, headers } = multipartFile('matrix-answer.txt', Buffer.from('answer'), 'attachment');
  const boundary = headers['content-type']!.split('boundary=')[1]!;
  const decision = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="decision"\r\n\r\nrejected\r\n`,
  );
  const answer = await penstock.app.inject({
    method: 'POST',
    url: `/api/shared/transmittals/${tokenOf('matrix-responder@outside.example')}/response`,
    payload: Buffer.concat([decision, payload]),
    headers,
  });
  if (answer.statusCode !== 200)
    throw new Error(`fixture: transmittal response ${answer.statusCode} ${answer.body}`);
  return {
    id,
    token: tokenOf('matrix-recipient@outside.example'),
    revokedToken: tokenOf('matrix-revoked@outside.example'),
    attachmentRecipientId: recipientOf('matrix-responder@outside.example'),
    revoke: Object.fromEntries(COLUMNS.map((column) => [column, recipientOf(address(column))])) as Record<
      Column,
      string
    >,
  };
}

/** The issue 35 targets: a deliverable, and the sheets the bulk upload and the plan import read. */
async function registerTargets(projectId: string, add: (payload: unknown) => Promise<unknown>) {
  const sheet = async (rows: string[][]) => {
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('Sheet');
    for (const row of rows) ws.addRow(row);
    return Buffer.from(await book.xlsx.writeBuffer());
  };
  const deliverable = (await add({
    name: 'MATRIX-DELIVERABLE.pdf',
    title: 'Matrix',
    plannedSuitability: 'S2',
    dueDate: '2099-01-01',
  })) as { id: string };
  void projectId;
  return {
    deliverableId: deliverable.id,
    registerSheet: await sheet([
      ['File name', 'Title'],
      ['matrix-bulk.txt', 'Matrix bulk upload'],
    ]),
    planSheet: await sheet([
      ['Name', 'Title', 'Responsible', 'Planned suitability', 'Due date'],
      ['MATRIX-PLANNED.pdf', 'Matrix', 'ACM', 'S2', '2099-01-01'],
    ]),
  };
}
