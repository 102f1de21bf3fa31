/**
 * Who may call each route, as the access matrix checks it (issue 16). Every route the server registers must
 * be here: a new endpoint without a line fails the matrix until someone says who may call it.
 *
 * - public: anyone, signed in or not (sign-in, configuration, the supplier zone's open calls)
 * - user: any signed-in user; the answer is the user's own (their record, counts, pending lists: asking for
 *   someone else's is refused) or reference data every user needs (legend, people pickers, training content,
 *   the DSEAR register's lines)
 * - restricted: a project role, a global role or a listing the signed-in outsider of the matrix does not have
 */
export type Policy = 'public' | 'user' | 'restricted';

const PUBLIC = [
  'POST /api/auth/signin',
  'GET /api/auth/signin-url',
  'GET /api/user/logoff',
  'GET /auth/signin',
  'POST /auth/signin',
  'GET /auth/signed-out',
  'GET /config/:file',
  'GET /config/reports/:projectId/reports_config.json',
  'GET /logos/:fileName',
  'GET /api/getsdcdata',
  'POST /api/savesdcdata',
  'GET /api/supplier/settings',
];

const USER = [
  'GET /api/user',
  'GET /api/legend',
  'GET /api/hub/counts',
  'GET /api/markup',
  'GET /api/markup/created',
  'GET /api/markup/pending',
  'GET /api/workflow/created',
  'GET /api/workflow/pendingReview',
  'GET /api/workflow/pendingApproval',
  'GET /api/dsear',
  'GET /api/dsear/people',
  'GET /api/dsear/pendingApproval',
  'POST /api/getfeedback',
  'POST /api/savefeedback',
  'GET /api/training/gettrainingcontent',
  'POST /api/training/getuserrecord',
  'POST /api/training/saveuserrecord',
  'GET /api/training/material/:tag',
  'POST /api/sketchexport/pdf',
];

export function policyOf(method: string, url: string): Policy | undefined {
  const key = `${method} ${url}`;
  if (PUBLIC.includes(key)) return 'public';
  if (USER.includes(key)) return 'user';
  return url.startsWith('/api/') ? 'restricted' : undefined;
}
