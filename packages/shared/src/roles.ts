/** Global roles are data given to users by an administrator, never names in code paths. */
export const GLOBAL_ROLES = [
  'administrator',
  'feedback_reviewer',
  'senior_design_manager',
  'checker_lead_engineer',
  'practitioner',
  'supplier_register_manager',
] as const;
export type GlobalRole = (typeof GLOBAL_ROLES)[number];

export const GLOBAL_ROLE_LABELS: Record<GlobalRole, string> = {
  administrator: 'Administrator',
  feedback_reviewer: 'Feedback reviewer',
  senior_design_manager: 'Senior design manager',
  checker_lead_engineer: 'Checker / lead engineer',
  practitioner: 'Practitioner',
  supplier_register_manager: 'Supplier register manager',
};

/** A member's role within one project. */
export const PROJECT_ROLES = ['manager', 'member', 'viewer'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];
