import { multipartFile, TEST_PASSWORD } from '../harness.ts';
import { TINY_PDF, multipartBody, validAnswers } from '../../modules/supplier/supplier.testing.ts';
import { COLUMNS, dsearEntry, jsonField, trainingCourse } from './accessFixture.ts';
import { body, formEncoded, get, multipart, q, type Build } from './requestParts.ts';

/**
 * The valid requests of the routes not under a project id: accounts, administration, configuration, the DSEAR
 * register, feedback, the sketch PDF and legend, the Supplier Zone and training.
 */
export const GLOBAL_REQUESTS: Record<string, Build> = {
  // ---- accounts and sign-in
  'POST /api/auth/signin': (f) =>
    body('POST', '/api/auth/signin', { email: f.signin.email, password: TEST_PASSWORD }),
  'GET /api/auth/signin-url': () => get('/api/auth/signin-url'),
  'GET /api/auth/methods': () => get('/api/auth/methods'),
  'GET /auth/signin': () => get('/auth/signin?returnTo=%2Fmain'),
  'POST /auth/signin': (f) => ({
    method: 'POST',
    url: '/auth/signin',
    payload: `email=${q(f.signin.email)}&password=${q(TEST_PASSWORD)}&returnTo=%2Fmain`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  }),
  'GET /auth/signed-out': () => get('/auth/signed-out'),
  'GET /api/user': () => get('/api/user'),
  'GET /api/health': () => get('/api/health'),
  'GET /api/user/logoff': () => get('/api/user/logoff'),

  // ---- administration
  'GET /api/admin/users': () => get('/api/admin/users'),
  'POST /api/admin/users': (_f, who) =>
    body('POST', '/api/admin/users', {
      name: `Matrix new ${who}`,
      email: `matrix-new-${who.toLowerCase()}@test.penstock`,
      password: 'matrix-password-1',
      roles: [],
    }),
  'PATCH /api/admin/users/:id': (f, who) =>
    body('PATCH', `/api/admin/users/${f.target.id}`, { name: `Matrix target ${who}` }),
  'POST /api/admin/users/:id/password': (f) =>
    body('POST', `/api/admin/users/${f.target.id}/password`, { password: 'matrix-password-2' }),
  'GET /api/admin/projects': () => get('/api/admin/projects'),
  'POST /api/admin/projects': (_f, who) =>
    body('POST', '/api/admin/projects', { name: `Matrix project ${who}` }),
  'PUT /api/admin/projects/:projectId/members': (f) =>
    body('PUT', `/api/admin/projects/${f.projectId}/members`, { userId: f.target.id, role: 'viewer' }),
  'DELETE /api/admin/projects/:projectId/members/:userId': (f) => ({
    method: 'DELETE',
    url: `/api/admin/projects/${f.projectId}/members/${f.leaver.id}`,
  }),
  'GET /api/admin/audit': () => get('/api/admin/audit?limit=10'),

  // ---- configuration
  'GET /config/:file': () => get('/config/generalSettings.json'),
  'GET /config/reports/:projectId/reports_config.json': (f) =>
    get(`/config/reports/${f.projectId.replace(/^b\./, '')}/reports_config.json`),

  // ---- DSEAR register
  'GET /api/dsear': () => get('/api/dsear'),
  'GET /api/dsear/export': () => get('/api/dsear/export?tmRag=AMBER&zones=Inlet%20Works'),
  'GET /api/dsear/people': () => get('/api/dsear/people'),
  'GET /api/dsear/pendingApproval': (f) =>
    get(`/api/dsear/pendingApproval?email=${q(f.people.seniorDesignManager.email)}`),
  'POST /api/dsear/get': (f) => formEncoded('/api/dsear/get', { projectName: f.projectName }),
  'POST /api/dsear/saveOrCreate': (f) =>
    multipart('POST', '/api/dsear/saveOrCreate', jsonField(dsearEntry(f.projectName, f.people, f.dsearId))),
  'POST /api/dsear/approve': (f, _who, me) =>
    formEncoded('/api/dsear/approve', { dsearId: f.dsearId, email: me.email }),
  'POST /api/dsear/:dsearId/attachments': (f, who) =>
    multipart('POST', `/api/dsear/${f.dsearId}/attachments`, multipartFile(`matrix-${who}.pdf`, TINY_PDF)),
  'GET /api/dsear/:dsearId/attachments': (f) => get(`/api/dsear/${f.dsearId}/attachments`),
  'GET /api/dsear/:dsearId/attachments/:itemId/content': (f) =>
    get(`/api/dsear/${f.dsearId}/attachments/${f.dsearAttachmentId}/content`),

  // ---- feedback
  'POST /api/getfeedback': () => multipart('POST', '/api/getfeedback', multipartBody({})),
  'POST /api/savefeedback': (_f, who) =>
    multipart(
      'POST',
      '/api/savefeedback',
      multipartBody({ Feature: '"Other"', User: `"${who}"`, Feedback: `"Matrix feedback by ${who}"` }),
    ),
  'POST /api/savefeedbackcomment': (f) =>
    multipart(
      'POST',
      '/api/savefeedbackcomment',
      jsonField([{ Id: f.feedbackId, Comment: 'Matrix answer', IsFaq: true }], 'Data'),
    ),

  // ---- sketch PDF and legend: no project
  'POST /api/sketchexport/pdf': () =>
    body('POST', '/api/sketchexport/pdf', {
      kind: 'vector',
      svg: '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="5" height="5"/></svg>',
      width: 20,
      height: 10,
    }),
  'GET /api/legend': () => get('/api/legend'),

  // ---- Supplier Zone
  'POST /api/savesdcdata': (_f, who) => ({
    method: 'POST',
    url: '/api/savesdcdata',
    ...multipartBody({ Data: JSON.stringify(validAnswers({ companyName: `Matrix ${who} Ltd` })) }),
    // the form is limited per address: each column sends from its own
    remoteAddress: `10.77.0.${COLUMNS.indexOf(who) + 1}`,
  }),
  'GET /api/getsdcdata': () => get('/api/getsdcdata'),
  'GET /logos/:fileName': (f) => get(f.supplier.logoPath),
  'GET /api/supplier/submissions': () => get('/api/supplier/submissions?status=Pending'),
  'GET /api/supplier/submissions/:id': (f) => get(`/api/supplier/submissions/${f.supplier.pendingId}`),
  'GET /api/supplier/submissions/:id/logo': (f) =>
    get(`/api/supplier/submissions/${f.supplier.pendingId}/logo`),
  'GET /api/supplier/submissions/:id/files/:fileId': (f) =>
    get(`/api/supplier/submissions/${f.supplier.pendingId}/files/${f.supplier.attachmentId}`),
  'POST /api/supplier/submissions/:id/review': (f) =>
    body('POST', `/api/supplier/submissions/${f.supplier.pendingId}/review`, {
      status: 'Approved',
      note: 'Matrix',
      dateOfLastReview: '2026-11-24',
    }),
  'GET /api/supplier/settings': () => get('/api/supplier/settings'),
  'PUT /api/supplier/settings': () =>
    body('PUT', '/api/supplier/settings', {
      contactEmail: 'matrix@example.com',
      procedures: [{ title: 'Matrix procedure', url: 'https://example.com/procedure.pdf' }],
      trainingVideos: [],
    }),

  // ---- training: the member's own record
  'GET /api/training/gettrainingcontent': () => get('/api/training/gettrainingcontent'),
  'POST /api/training/getuserrecord': (f) =>
    multipart(
      'POST',
      '/api/training/getuserrecord',
      jsonField({ userId: f.member.id, userName: f.member.name }),
    ),
  'POST /api/training/saveuserrecord': (f) =>
    multipart(
      'POST',
      '/api/training/saveuserrecord',
      jsonField(
        {
          userId: f.member.id,
          userName: f.member.name,
          role: f.training.roleName,
          trainingRecord: {
            mandatoryTraining: [],
            recomendedTraining: [],
            availableTraining: [],
            notRequiredTraining: [],
          },
        },
        'FormData',
      ),
    ),
  'GET /api/training/material/:tag': (f) => get(`/api/training/material/${f.training.tag}`),
  'GET /api/training/admin/roles': () => get('/api/training/admin/roles'),
  'POST /api/training/admin/roles': (_f, who) =>
    body('POST', '/api/training/admin/roles', { roleName: `matrix_${who}`, displayName: `Matrix ${who}` }),
  'PUT /api/training/admin/roles/:roleName': (f, who) =>
    body('PUT', `/api/training/admin/roles/${f.training.roleName}`, {
      displayName: `Matrix by ${who}`,
      retired: false,
    }),
  'GET /api/training/admin/courses': () => get('/api/training/admin/courses'),
  'POST /api/training/admin/courses': (_f, who) =>
    body('POST', '/api/training/admin/courses', trainingCourse(`matrix-${who}`)),
  'PUT /api/training/admin/courses/:id': (f) =>
    body('PUT', `/api/training/admin/courses/${f.training.courseId}`, trainingCourse(f.training.tag)),
  'PUT /api/training/admin/courses/:id/material': (f) =>
    multipart(
      'PUT',
      `/api/training/admin/courses/${f.training.courseId}/material`,
      multipartFile('matrix.pdf', TINY_PDF, 'material'),
    ),
};
