/** The audit log's entries as administrators read them (GET /api/admin/audit). */
export const AUDIT_ACTIONS = {
  signin: 'Sign-in',
  signout: 'Sign-out',
  'user.create': 'User created',
  'user.update': 'User changed',
  'user.password': 'Password reset',
  'project.create': 'Project created',
  'member.set': 'Member added or changed',
  'member.remove': 'Member removed',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

export interface AuditEntry {
  id: string;
  at: string;
  actorId: string | null;
  actorEmail: string | null;
  action: AuditAction;
  target: string | null;
  outcome: 'ok' | 'refused';
  /** the reason of a refusal, or what changed */
  detail: Record<string, unknown> | null;
  ip: string | null;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** pass as `before` for the next, older page; null at the oldest */
  next: string | null;
}

/** entries per page of GET /api/admin/audit, at most */
export const AUDIT_PAGE_SIZE = 100;
