import { WATER_FRAMEWORK_STANDARD } from '@penstock/shared';
import { multipartFile } from '../harness.ts';
import { TINY_PDF, multipartBody } from '../../modules/supplier/supplier.testing.ts';
import {
  COLUMNS,
  isSessionless,
  SKETCH_DATE,
  jsonField,
  markupRecord,
  optionOf,
  savedViewState,
  type AccessFixture,
  type Column,
} from './accessFixture.ts';
import { GLOBAL_REQUESTS } from './globalRequests.ts';
import { body, formEncoded, get, multipart, q, type AccessRequest, type Build } from './requestParts.ts';

export type { AccessRequest } from './requestParts.ts';

const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (text: string) => Buffer.from(text).toString('base64');

/** Every route the server registers, with its valid request: the project's routes, and the others. */
export const REQUESTS: Record<string, Build> = {
  ...GLOBAL_REQUESTS,
  // ---- document store
  'GET /api/tree': (f) => get(`/api/tree?id=${q(f.projectId)}`),
  'POST /api/folders/:folderId/folders': (f, who) =>
    body('POST', `/api/folders/${f.folderId}/folders`, { name: `Matrix folder ${who}` }),
  'POST /api/folders/:folderId/files': (f, who) =>
    multipart(
      'POST',
      `/api/folders/${f.folderId}/files`,
      multipartFile(`matrix-upload-${who}.txt`, Buffer.from(who)),
    ),
  'GET /api/projects/:projectId/deleted': (f) => get(`/api/projects/${f.projectId}/deleted`),
  'POST /api/items/:itemId/restore': (f, who) => ({
    method: 'POST',
    url: `/api/items/${f.own[who].restoreItemId}/restore`,
  }),
  'GET /api/items/:itemId/versions': (f) => get(`/api/items/${f.itemId}/versions`),
  'GET /api/items/:itemId/content': (f) => get(`/api/items/${f.itemId}/content`),
  'GET /api/versions/:versionId/content': (f) => get(`/api/versions/${f.versionId}/content`),
  // ---- resumable uploads (tus 1.0, issue 35 §4)
  'POST /api/uploads': (f, who) => ({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...TUS,
      'upload-length': '10',
      'upload-metadata': `folderId ${b64(f.folderId)},filename ${b64(`matrix-resumable-${who}.bin`)}`,
    },
  }),
  'GET /api/uploads/:id': (f) => get(`/api/uploads/${f.resumableUploadId}`),
  'PATCH /api/uploads/:id': (f) => ({
    method: 'PATCH',
    url: `/api/uploads/${f.resumableUploadId}`,
    headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    payload: Buffer.from('12345'),
  }),
  'DELETE /api/uploads/:id': (f, who) => ({
    method: 'DELETE',
    url: `/api/uploads/${f.own[who].uploadId}`,
    headers: TUS,
  }),

  // ---- models
  'GET /api/models/:versionId': (f) => get(`/api/models/${f.versionId}`),
  'GET /api/models/:versionId/fragments': (f) => get(`/api/models/${f.versionId}/fragments`),
  'GET /api/models/:versionId/items': (f) => get(`/api/models/${f.versionId}/items`),
  'GET /api/models/:versionId/objects': (f) => get(`/api/models/${f.versionId}/objects`),
  'GET /api/models/:versionId/objects/:localId': (f) =>
    get(`/api/models/${f.versionId}/objects/${f.localId}`),
  'GET /api/models/:versionId/objects/:localId/properties': (f) =>
    get(`/api/models/${f.versionId}/objects/${f.localId}/properties`),
  'GET /api/models/:versionId/records': (f) => get(`/api/models/${f.versionId}/records`),
  'GET /api/models/:versionId/tree': (f) => get(`/api/models/${f.versionId}/tree?by=spatial`),
  'GET /api/models/:versionId/property-names': (f) => get(`/api/models/${f.versionId}/property-names`),
  'GET /api/models/:versionId/property-values': (f) =>
    get(`/api/models/${f.versionId}/property-values?set=Penstock_Asset&name=Tag`),
  'POST /api/models/:versionId/reconvert': (f) => ({
    method: 'POST',
    url: `/api/models/${f.versionId}/reconvert`,
  }),

  // ---- property values (multipart field Data)
  'POST /api/getdynamic': (f) =>
    multipart(
      'POST',
      '/api/getdynamic',
      jsonField({ projectName: f.projectName, fileName: 'plant.ifc' }, 'Data'),
    ),
  'POST /api/savestatic': (f) => multipart('POST', '/api/savestatic', jsonField([propertyRecord(f)], 'Data')),
  'POST /api/savedynamic': (f) =>
    multipart('POST', '/api/savedynamic', jsonField([{ ...propertyRecord(f), locked: false }], 'Data')),
  // a tag of its own: a lock on MATRIX-1 would refuse the savedynamic calls above
  'POST /api/properties/lock': (f) =>
    body('POST', '/api/properties/lock', {
      projectId: f.projectId,
      fileName: 'plant.ifc',
      tag: 'MATRIX-LOCK-1',
      locked: true,
    }),
  'GET /api/properties/history': (f) =>
    get(`/api/properties/history?projectId=${q(f.projectId)}&fileName=plant.ifc&tag=MATRIX-LOCK-1`),

  // ---- schedules
  'POST /api/getreport': (f) => multipart('POST', '/api/getreport', schedule(f, 'valve_schedule')),
  'POST /api/getsapreport': (f) => multipart('POST', '/api/getsapreport', schedule(f, 'sap')),

  // ---- issues, project users, BCF
  'GET /api/issues': (f) => get(`/api/issues?projectid=${q(f.projectId)}`),
  'POST /api/issues': (f, who) =>
    body('POST', '/api/issues', {
      projectId: f.projectId,
      title: `Matrix issue ${who}`,
      type: 'design_query',
    }),
  'GET /api/issues/:id': (f) => get(`/api/issues/${f.issueId}`),
  'GET /api/issues/:id/snapshot': (f) => get(`/api/issues/${f.issueId}/snapshot`),
  'PATCH /api/issues/:id': (f, who) =>
    body('PATCH', `/api/issues/${f.issueId}`, { title: `Matrix issue by ${who}` }),
  'POST /api/issues/:id/comments': (f, who) =>
    body('POST', `/api/issues/${f.issueId}/comments`, { body: `Matrix comment by ${who}` }),
  'GET /api/forge/bim360/Users': (f) => get(`/api/forge/bim360/Users?projectid=${q(f.projectId)}`),
  'GET /api/issues/bcf': (f) => get(`/api/issues/bcf?projectid=${q(f.projectId)}`),
  'POST /api/issues/bcf': (f) =>
    multipart('POST', `/api/issues/bcf?projectid=${q(f.projectId)}`, multipartFile('matrix.bcf', f.bcf)),

  // ---- markups
  'POST /api/markups/getMarkups': (f) =>
    formEncoded('/api/markups/getMarkups', { projectId: f.projectId, documentId: f.versionId }),
  'POST /api/markups/saveMarkup': (f, who) =>
    multipart(
      'POST',
      '/api/markups/saveMarkup',
      jsonField(
        markupRecord(
          f.projectId,
          { item: { id: f.itemId }, version: { id: f.versionId } },
          f.colleague,
          `Matrix markup ${who}`,
        ),
      ),
    ),
  'POST /api/markups/updateMarkup': (f, who) =>
    multipart(
      'POST',
      '/api/markups/updateMarkup',
      jsonField({ id: f.markup.id, title: `Matrix markup by ${who}` }),
    ),
  'GET /api/markups/preview/:itemId': (f) => get(`/api/markups/preview/${f.markup.previewId}`),

  // ---- saved views (issue 33): the fixture's view was saved by the member
  'GET /api/projects/:projectId/views': (f) => get(`/api/projects/${f.projectId}/views`),
  'POST /api/projects/:projectId/views': (f, who) =>
    body('POST', `/api/projects/${f.projectId}/views`, {
      name: `Matrix view by ${who}`,
      versionId: f.versionId,
      state: savedViewState(),
    }),
  // a view whose other model is moved (an administrator's alignment, issue 33): managers only
  'POST /api/projects/:projectId/views [models aligned]': (f, who) =>
    body('POST', `/api/projects/${f.projectId}/views`, {
      name: `Matrix aligned view by ${who}`,
      versionId: f.versionId,
      state: {
        ...savedViewState(),
        models: [{ versionId: f.versionId, offset: { x: 1, y: 0, z: 0 }, rotation: 90 }],
      },
    }),
  // ---- model compare (issue 34): the fixture's compare is done
  'POST /api/model-compares': (f) =>
    body('POST', '/api/model-compares', {
      baseVersionId: f.versionId,
      headVersionId: f.compare.headVersionId,
    }),
  'GET /api/model-compares/:compareId': (f) => get(`/api/model-compares/${f.compare.id}`),
  'GET /api/model-compares/:compareId/changes': (f) => get(`/api/model-compares/${f.compare.id}/changes`),
  'GET /api/model-compares/:compareId/changes.xlsx': (f) =>
    get(`/api/model-compares/${f.compare.id}/changes.xlsx?kind=added`),
  'POST /api/model-compares/:compareId/issues': (f) =>
    body('POST', `/api/model-compares/${f.compare.id}/issues`, { changeIds: [0] }),
  'GET /api/versions/:versionId/compare-summary': (f) => get(`/api/versions/${f.versionId}/compare-summary`),
  'GET /api/views/:viewId': (f) => get(`/api/views/${f.viewId}`),

  // ---- information requirements (issue 36): the fixture's IDS is scoped to WIP, its check done; the
  // calls that change scopes and settings send what is already there, so later calls see the same check
  'GET /api/projects/:projectId/ids': (f) => get(`/api/projects/${f.projectId}/ids`),
  'PUT /api/projects/:projectId/ids/settings': (f) =>
    body('PUT', `/api/projects/${f.projectId}/ids/settings`, { gate: 'warn', includeDynamic: false }),
  'PUT /api/projects/:projectId/ids/:itemId/scopes': (f) =>
    body('PUT', `/api/projects/${f.projectId}/ids/${f.ids.itemId}/scopes`, {
      scopes: [{ kind: 'folder', targetId: f.folderId }],
    }),
  'GET /api/projects/:projectId/ids/versions/:versionId': (f) =>
    get(`/api/projects/${f.projectId}/ids/versions/${f.ids.versionId}`),
  'POST /api/projects/:projectId/ids/validate': (f) =>
    body('POST', `/api/projects/${f.projectId}/ids/validate`, { xml: '<ids/>' }),
  'GET /api/projects/:projectId/ids/library': (f) => get(`/api/projects/${f.projectId}/ids/library`),
  'POST /api/projects/:projectId/ids/library/:key': (f) =>
    body('POST', `/api/projects/${f.projectId}/ids/library/water-asset-data`, { folderId: f.folderId }),
  'POST /api/projects/:projectId/ids/recheck': (f) =>
    body('POST', `/api/projects/${f.projectId}/ids/recheck`, { versionId: f.versionId }),
  'GET /api/projects/:projectId/ids/checks': (f) =>
    get(`/api/projects/${f.projectId}/ids/checks?versionId=${f.versionId}`),
  'GET /api/projects/:projectId/ids/checks/:checkId': (f) =>
    get(`/api/projects/${f.projectId}/ids/checks/${f.ids.checkId}`),
  'GET /api/projects/:projectId/ids/checks/:checkId/specifications/:index/failures': (f) =>
    get(`/api/projects/${f.projectId}/ids/checks/${f.ids.checkId}/specifications/1/failures`),
  'GET /api/projects/:projectId/ids/checks/:checkId/objects': (f) =>
    get(`/api/projects/${f.projectId}/ids/checks/${f.ids.checkId}/objects`),
  'GET /api/projects/:projectId/ids/object': (f) =>
    get(`/api/projects/${f.projectId}/ids/object?versionId=${f.versionId}&expressId=${f.localId}`),
  'GET /api/projects/:projectId/ids/checks/:checkId/report.xlsx': (f) =>
    get(`/api/projects/${f.projectId}/ids/checks/${f.ids.checkId}/report.xlsx`),
  'GET /api/projects/:projectId/ids/checks/:checkId/report.bcf': (f) =>
    get(`/api/projects/${f.projectId}/ids/checks/${f.ids.checkId}/report.bcf`),
  'POST /api/projects/:projectId/ids/checks/:checkId/issues': (f) =>
    body('POST', `/api/projects/${f.projectId}/ids/checks/${f.ids.checkId}/issues`, {}),

  // ---- revision compare (issue 34): the fixture has one model version, compared with itself
  'GET /api/compare-files': (f) => get(`/api/compare-files?base=${f.versionId}&head=${f.versionId}`),
  'GET /api/compare-files/changed-pages': (f) =>
    get(`/api/compare-files/changed-pages?base=${f.drawingVersionId}&head=${f.drawingVersionId}`),
  'PUT /api/compare-files/changed-pages': (f) =>
    body('PUT', '/api/compare-files/changed-pages', {
      base: f.drawingVersionId,
      head: f.drawingVersionId,
      changed: 0,
      pages: 1,
    }),
  'PATCH /api/views/:viewId': (f, who) =>
    body('PATCH', `/api/views/${f.viewId}`, { name: `Matrix view renamed by ${who}` }),
  'DELETE /api/views/:viewId': (f, who) => ({ method: 'DELETE', url: `/api/views/${f.own[who].viewId}` }),

  // ---- transmittals (issue 35 §3): the member issued the fixture's one, to themselves and outside people
  'GET /api/projects/:projectId/transmittal-purposes': (f) =>
    get(`/api/projects/${f.projectId}/transmittal-purposes`),
  'PUT /api/projects/:projectId/transmittal-purposes': (f) =>
    body('PUT', `/api/projects/${f.projectId}/transmittal-purposes`, {
      purposes: [
        { name: 'For information', asksResponse: false },
        { name: 'For comment', asksResponse: true },
      ],
    }),
  'GET /api/projects/:projectId/transmittals': (f) => get(`/api/projects/${f.projectId}/transmittals`),
  'GET /api/projects/:projectId/transmittals/register.xlsx': (f) =>
    get(`/api/projects/${f.projectId}/transmittals/register.xlsx`),
  'POST /api/projects/:projectId/transmittals': (f, who) =>
    body('POST', `/api/projects/${f.projectId}/transmittals`, {
      versionIds: [f.versionId],
      purpose: 'For information',
      outside: [{ email: `issued-by-${who.toLowerCase()}@outside.example` }],
    }),
  'GET /api/me/transmittals': () => get('/api/me/transmittals'),
  'GET /api/transmittals/:id': (f) => get(`/api/transmittals/${f.transmittal.id}`),
  'POST /api/transmittals/:id/acknowledge': (f) => ({
    method: 'POST',
    url: `/api/transmittals/${f.transmittal.id}/acknowledge`,
  }),
  'POST /api/transmittals/:id/response': (f) =>
    body('POST', `/api/transmittals/${f.transmittal.id}/response`, { decision: 'accepted' }),
  'GET /api/transmittals/:id/recipients/:recipientId/attachment': (f) =>
    get(`/api/transmittals/${f.transmittal.id}/recipients/${f.transmittal.attachmentRecipientId}/attachment`),
  'POST /api/transmittals/:id/recipients/:recipientId/revoke': (f, who) => ({
    method: 'POST',
    url: `/api/transmittals/${f.transmittal.id}/recipients/${f.transmittal.revoke[who]}/revoke`,
  }),
  'GET /api/transmittals/:id/access-log': (f) => get(`/api/transmittals/${f.transmittal.id}/access-log`),
  // the link's routes: the outside recipient holds the live token; everyone else calls with a revoked one
  'GET /api/shared/transmittals/:token': (f, who) => get(`/api/shared/transmittals/${linkToken(f, who)}`),
  'GET /api/shared/transmittals/:token/files/:versionId': (f, who) =>
    get(`/api/shared/transmittals/${linkToken(f, who)}/files/${f.versionId}`),
  'GET /api/shared/transmittals/:token/zip': (f, who) =>
    get(`/api/shared/transmittals/${linkToken(f, who)}/zip`),
  'POST /api/shared/transmittals/:token/acknowledge': (f, who) => ({
    method: 'POST',
    url: `/api/shared/transmittals/${linkToken(f, who)}/acknowledge`,
  }),
  'POST /api/shared/transmittals/:token/response': (f, who) =>
    body('POST', `/api/shared/transmittals/${linkToken(f, who)}/response`, { decision: 'accepted' }),
  // ---- container names, register, delivery plan (issue 35)
  'GET /api/projects/:projectId/info-standard': (f) => get(`/api/projects/${f.projectId}/info-standard`),
  'PUT /api/projects/:projectId/info-standard': (f) =>
    body('PUT', `/api/projects/${f.projectId}/info-standard`, { standard: WATER_FRAMEWORK_STANDARD }),
  'PUT /api/projects/:projectId/info-standard/relaxed': (f) =>
    body('PUT', `/api/projects/${f.projectId}/info-standard/relaxed`, { relaxed: false }),
  'GET /api/projects/:projectId/register': (f) => get(`/api/projects/${f.projectId}/register`),
  'GET /api/projects/:projectId/register.xlsx': (f) => get(`/api/projects/${f.projectId}/register.xlsx`),
  'PUT /api/items/:itemId/metadata': (f, who) =>
    body('PUT', `/api/items/${f.itemId}/metadata`, { title: `Matrix title by ${who}` }),
  'POST /api/folders/:folderId/bulk-upload': (f) =>
    multipart(
      'POST',
      `/api/folders/${f.folders['WIP/Civil']}/bulk-upload?check=1`,
      multipartBody({}, [
        { field: 'register', name: 'register.xlsx', content: f.registerSheet },
        { field: 'file', name: 'matrix-bulk.txt', content: Buffer.from('bulk') },
      ]),
    ),
  'GET /api/projects/:projectId/deliverables': (f) => get(`/api/projects/${f.projectId}/deliverables`),
  'GET /api/projects/:projectId/deliverables.xlsx': (f) =>
    get(`/api/projects/${f.projectId}/deliverables.xlsx`),
  'POST /api/projects/:projectId/deliverables': (f, who) =>
    body('POST', `/api/projects/${f.projectId}/deliverables`, {
      name: `MATRIX-${who}.pdf`,
      plannedSuitability: 'S2',
      dueDate: '2099-01-01',
    }),
  'POST /api/projects/:projectId/deliverables/import': (f) =>
    multipart(
      'POST',
      `/api/projects/${f.projectId}/deliverables/import`,
      multipartFile('plan.xlsx', f.planSheet),
    ),
  'DELETE /api/deliverables/:id': (f) => ({ method: 'DELETE', url: `/api/deliverables/${f.deliverableId}` }),
  'GET /api/hub/deliverables': () => get('/api/hub/deliverables'),

  // ---- personal hub: the member's own lists, the project's markup
  'GET /api/workflow/created': (f) => get(`/api/workflow/created?id=${f.member.id}`),
  'GET /api/workflow/pendingReview': (f) => get(`/api/workflow/pendingReview?id=${f.member.id}`),
  'GET /api/workflow/pendingApproval': (f) => get(`/api/workflow/pendingApproval?id=${f.member.id}`),
  'GET /api/markup/created': (f) => get(`/api/markup/created?id=${f.member.id}`),
  'GET /api/markup/pending': (f) => get(`/api/markup/pending?id=${f.member.id}`),
  'GET /api/markup': (f) => get(`/api/markup?id=${f.markup.id}`),
  'GET /api/hub/counts': () => get('/api/hub/counts'),

  // ---- project data, calculations, reports (JSON with lowercase projectid)
  'POST /api/saveprojectinput': (f, who) =>
    body('POST', '/api/saveprojectinput', {
      projectid: f.projectId,
      category: 'population',
      fmejob: '',
      fileType: null,
      data: [{ category: 'population', value: String(1000 + COLUMNS.indexOf(who)) }],
    }),
  'POST /api/getprojectinput': (f) => body('POST', '/api/getprojectinput', { projectid: f.projectId }),
  'POST /api/savecalculationdata': (f, _who, me) =>
    body('POST', '/api/savecalculationdata', {
      projectid: f.projectId,
      category: 'calc_dwf',
      fmejob: '',
      userId: me.id,
      fileType: null,
      data: [{ category: 'infiltration_m3_d', value: '350' }],
    }),
  'POST /api/getcalculationdata': (f) => body('POST', '/api/getcalculationdata', { projectid: f.projectId }),
  'POST /api/projectinput/history': (f) =>
    body('POST', '/api/projectinput/history', { projectid: f.projectId, form: 'population' }),
  'POST /api/projectinput/restore': (f) =>
    body('POST', '/api/projectinput/restore', {
      projectid: f.projectId,
      form: 'population',
      id: f.history.projectInput,
    }),
  'POST /api/calculationdata/history': (f) =>
    body('POST', '/api/calculationdata/history', { projectid: f.projectId, form: 'calc_dwf' }),
  'POST /api/calculationdata/restore': (f) =>
    body('POST', '/api/calculationdata/restore', {
      projectid: f.projectId,
      form: 'calc_dwf',
      id: f.history.calculation,
    }),
  'POST /api/createreport': (f, _who, me) =>
    body('POST', '/api/createreport', {
      userId: me.id,
      projectid: f.projectId,
      report_id: 'project_data_report',
      report_name: 'Project data and calculations report',
      bim360_folder_id: 'WIP/Reports',
      fileType: 'pdf',
      fmejob: 'project_data_report',
      schema: 'penstock-report-1',
      PLM_project_id: '',
    }),
  'POST /api/uploadfile': (f, who) =>
    multipart(
      'POST',
      '/api/uploadfile',
      multipartBody({ ProjectId: f.projectId, Key: 'site_survey' }, [
        { field: 'file', name: `survey-${who}.pdf`, content: TINY_PDF },
      ]),
    ),

  // ---- document workflow (field formData)
  'GET /api/workflow/structure': (f) => get(`/api/workflow/structure?projectId=${q(f.projectId)}`),
  'PUT /api/workflow/structure': (f) => ({
    method: 'PUT',
    url: `/api/workflow/structure?projectId=${q(f.projectId)}`,
  }),
  'GET /api/workflow': (f) => get(`/api/workflow?id=${f.workflow.inReviewId}`),
  'POST /api/workflow': (f, who, me) =>
    multipart(
      'POST',
      '/api/workflow',
      jsonField({
        projectId: f.projectId,
        documentId: f.own[who].submitItemId,
        itemId: f.own[who].submitItemId,
        createdByUserId: me.id,
        comment: `Matrix submission by ${who}`,
        reviewers: [optionOf(f.colleague)],
        approvers: [optionOf(f.colleague)],
        suitability: 'Current Suitability',
        targetSuitability: 'A1',
        uploadFolderId: f.folders['Published/Drawings'],
        projectName: f.projectName,
      }),
    ),
  'PUT /api/workflow/UpdateReviewers': (f, _who, me) =>
    multipart(
      'PUT',
      '/api/workflow/UpdateReviewers',
      jsonField({ id: f.workflow.reviewId, userId: me.id, comment: 'Checked', status: 'Approved' }),
    ),
  'PUT /api/workflow/UpdateApprovers': (f, _who, me) =>
    multipart(
      'PUT',
      '/api/workflow/UpdateApprovers',
      jsonField({ id: f.workflow.approvalId, userId: me.id, comment: 'Approved', status: 'Approved' }),
    ),
  'GET /api/workflow/document': (f) =>
    get(`/api/workflow/document?projectId=${q(f.projectId)}&itemId=${q(f.workflow.changeableItemId)}`),
  'POST /api/workflow/:id/reassign': (f) =>
    body('POST', `/api/workflow/${f.workflow.changeableId}/reassign`, {
      from: f.workflow.changeableReviewId,
      to: f.people.workflowApprover.id,
    }),
  'POST /api/workflow/:id/withdraw': (f) =>
    body('POST', `/api/workflow/${f.workflow.changeableId}/withdraw`, { reason: 'Matrix' }),
  'POST /api/workflow/upload': (f, who, me) =>
    multipart(
      'POST',
      '/api/workflow/upload',
      multipartBody(
        {
          formData: JSON.stringify({
            projectId: f.projectId,
            createdByUserId: me.id,
            uploadFolderId: f.folders['WIP/Electrical'],
          }),
        },
        [{ field: 'file', name: `matrix-workflow-upload-${who}.txt`, content: Buffer.from(who) }],
      ),
    ),
  'POST /api/workflow/uploadCopy': (f) =>
    multipart(
      'POST',
      '/api/workflow/uploadCopy',
      jsonField({
        projectId: f.projectId,
        documentId: f.copyItemId,
        itemId: f.copyItemId,
        uploadFolderId: f.folders['WIP/Mechanical'],
      }),
    ),
  'POST /api/workflow/move': (f, who) =>
    multipart(
      'POST',
      '/api/workflow/move',
      jsonField({
        projectId: f.projectId,
        documentId: f.own[who].moveItemId,
        itemId: f.own[who].moveItemId,
        uploadFolderId: f.folders['WIP/Mechanical'],
      }),
    ),
  // the record (issue 31): the same calls in Published and Archived, where only managers change files
  'POST /api/folders/:folderId/files [Published]': (f, who) =>
    multipart(
      'POST',
      `/api/folders/${f.folders['Published/Drawings']}/files`,
      multipartFile(`matrix-record-upload-${who}.txt`, Buffer.from(who)),
    ),
  'POST /api/workflow/move [Published to Archived]': (f, who) =>
    multipart(
      'POST',
      '/api/workflow/move',
      jsonField({
        projectId: f.projectId,
        documentId: f.own[who].recordMoveItemId,
        itemId: f.own[who].recordMoveItemId,
        uploadFolderId: f.folders.Archived,
      }),
    ),
  'POST /api/workflow/delete [Published]': (f, who) =>
    multipart(
      'POST',
      '/api/workflow/delete',
      jsonField({ projectId: f.projectId, urnId: f.own[who].recordDeleteItemId }),
    ),
  'POST /api/workflow/delete': (f, who) =>
    multipart(
      'POST',
      '/api/workflow/delete',
      jsonField({ projectId: f.projectId, urnId: f.own[who].deleteItemId }),
    ),

  // ---- P&ID sketches and their PDF
  'POST /api/getpidsketch': (f) =>
    multipart('POST', '/api/getpidsketch', multipartBody({ Project: f.projectId })),
  'POST /api/savepidsketch': (f, who) =>
    multipart(
      'POST',
      '/api/savepidsketch',
      multipartBody({ Project: f.projectId, DrawingName: `Matrix ${who} - ${SKETCH_DATE}`, Texts: '[]' }),
    ),
  'POST /api/deletepidsketch': (f, who) =>
    multipart(
      'POST',
      '/api/deletepidsketch',
      multipartBody({ Project: f.projectId, DrawingName: f.own[who].sketchName }),
    ),
  'POST /api/projects/:projectId/tag-lookup': (f) =>
    body('POST', `/api/projects/${f.projectId}/tag-lookup`, { tags: ['P-101'] }),
  'GET /api/projects/:projectId/sketches/:sketchId/export-dexpi': (f) =>
    get(`/api/projects/${f.projectId}/sketches/${f.sketchId}/export-dexpi`),
  'POST /api/projects/:projectId/sketches/import-dexpi': (f, who) =>
    multipart(
      'POST',
      `/api/projects/${f.projectId}/sketches/import-dexpi`,
      multipartBody({ name: `Matrix import ${who}` }, [
        { field: 'file', name: 'matrix.xml', content: Buffer.from(MATRIX_DEXPI) },
      ]),
    ),
  'GET /api/projects/:projectId/tags-in-use': (f) => get(`/api/projects/${f.projectId}/tags-in-use?stem=P-1`),
  'GET /api/projects/:projectId/sketches/:sketchId/versions': (f) =>
    get(`/api/projects/${f.projectId}/sketches/${f.own.member.sketchId}/versions`),
  'POST /api/projects/:projectId/sketches/:sketchId/versions/:number/restore': (f, who) =>
    body('POST', `/api/projects/${f.projectId}/sketches/${f.own[who].sketchId}/versions/1/restore`, {
      baseUpdatedAt: f.own[who].sketchUpdatedAt,
    }),
  'GET /api/projects/:projectId/sketches/:sketchId/issue': (f) =>
    get(
      `/api/projects/${f.projectId}/sketches/${f.own.member.sketchId}/issue?folderId=${f.folders['WIP/Process']}&drawingNumber=MATRIX-PID-0001`,
    ),
  'POST /api/projects/:projectId/sketches/:sketchId/issue': (f, who) =>
    body('POST', `/api/projects/${f.projectId}/sketches/${f.own[who].sketchId}/issue`, {
      folderId: f.folders['WIP/Process'],
      drawingNumber: `MATRIX-PID-${who}`,
      title: `Matrix issue ${who}`,
      sheet: 'A3',
      drawnBy: 'Matrix',
    }),
};

/** The smallest DEXPI file: one pump. */
const MATRIX_DEXPI =
  '<PlantModel><PlantInformation SchemaVersion="4.1.1" OriginatingSystem="matrix" Date="2026-11-29" Time="10:00:00" Is3D="no" Units="Millimetre" Discipline="PID"/>' +
  '<Equipment ID="P1" ComponentClass="CentrifugalPump"/></PlantModel>';

function propertyRecord(f: AccessFixture) {
  return {
    projectName: f.projectName,
    fileName: 'plant.ifc',
    tag: 'MATRIX-1',
    guId: '0Matrix000000000000001',
    category: 'Valve',
    propValueList: [{ propName: 'Valve Orientation', propValue: 'Vertical' }],
  };
}

function schedule(f: AccessFixture, type: string) {
  return multipartBody({
    ProjectName: f.projectName,
    ScheduleType: type,
    ScheduleCategories: '[]',
    FileName: 'plant.ifc',
  });
}

/**
 * Rows beyond the server's route table: a route called on the project's record (Published and Archived
 * folders), where only project managers change files by hand (issue 31), and a saved view that moves a model
 * (issue 33). Each key is its route's with the case in brackets.
 */
export const RECORD_ROWS = [
  { method: 'POST', url: '/api/folders/:folderId/files [Published]' },
  { method: 'POST', url: '/api/workflow/move [Published to Archived]' },
  { method: 'POST', url: '/api/workflow/delete [Published]' },
  { method: 'POST', url: '/api/projects/:projectId/views [models aligned]' },
] as const;

/**
 * Calls that touch no stored data, so they may run beside the others, every column at once: building a
 * sketch PDF takes a worker thread a second or so, and the server builds two at a time. They start first.
 */
export const CONCURRENT = new Set(['POST /api/sketchexport/pdf']);

/**
 * Calls that change what later calls see run last, once the concurrent ones are done: reconverting the model
 * (its reads answer 409 while it converts) and signing out (it ends the caller's session).
 */
export const LAST = new Set(['POST /api/models/:versionId/reconvert', 'GET /api/user/logoff']);

/** The routes in the order the matrix calls them. */
export function runOrder<R extends { method: string; url: string }>(routes: readonly R[]): R[] {
  const phase = (route: R) => {
    const key = `${route.method} ${route.url}`;
    return CONCURRENT.has(key) ? 0 : LAST.has(key) ? 2 : 1;
  };
  return [...routes].sort(
    (a, b) => phase(a) - phase(b) || a.url.localeCompare(b.url) || a.method.localeCompare(b.method),
  );
}

/**
 * The concrete request `who` makes for a route. A route without a line in REQUESTS gets a guess from its
 * path (the matrix fails on it anyway: it has no expected outcome either).
 */
export function requestFor(
  route: { method: string; url: string },
  f: AccessFixture,
  who: Column = 'member',
): AccessRequest {
  const build = REQUESTS[`${route.method} ${route.url}`];
  const me = isSessionless(who) ? f.member : f.people[who];
  if (build) return build(f, who, me);
  const url = route.url
    .replace(':projectId', f.projectId)
    .replace(':folderId', f.folderId)
    .replace(':itemId', f.itemId)
    .replace(':versionId', f.versionId)
    .replace(/:\w+/g, 'x');
  return route.method === 'GET' ? get(url) : body(route.method, url, { projectId: f.projectId });
}

/** The token a column calls a transmittal link's routes with: the live one for the outside recipient only. */
function linkToken(f: AccessFixture, who: Column): string {
  return who === 'outsideRecipient' ? f.transmittal.token : f.transmittal.revokedToken;
}
