import {
  DSEAR_QUESTIONS,
  DSEAR_RAGS,
  DsearZoneEntrySchema,
  SDM_APPROVED,
  type DsearChange,
  type DsearEntry,
  type DsearHistoryLine,
  type DsearRag,
  type DsearZoneEntry,
  type YesNo,
} from '@penstock/shared';
import type { DsearApprovalRow, DsearEntryRow, DsearHistoryRow } from './dsear.repo.ts';

const yesNo = (value: string): YesNo => (value === 'YES' ? 'YES' : 'NO');
const rag = (value: string): DsearRag =>
  (DSEAR_RAGS as readonly string[]).includes(value) ? (value as DsearRag) : 'RED';

export function parseZones(text: string): DsearZoneEntry[] {
  try {
    const parsed = DsearZoneEntrySchema.array().safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** A stored entry in the contract's shape; the project's current name, the managers' names from their accounts. */
export function presentEntry(row: DsearEntryRow, approvals: readonly DsearApprovalRow[]): DsearEntry {
  return {
    id: row.id,
    projectId: row.project_id,
    projectName: row.current_project_name,
    date: row.date,
    tm: row.tm,
    tmRag: rag(row.tm_rag),
    sdms: approvals
      .filter((a) => a.entry_id === row.id)
      .map((a) => ({
        email: a.email,
        status: a.status,
        approveDate: a.approve_date,
        name: a.name ?? a.email,
      })),
    leadEngineer: row.lead_engineer,
    practitioner: row.practitioner,
    practionerFlag: yesNo(row.practioner_flag),
    flidsRisk: row.flids_risk,
    flidsOutcome: row.flids_outcome,
    dsearZone: parseZones(row.zones),
    dsearIden: yesNo(row.dsear_iden),
    dsearImp: yesNo(row.dsear_imp),
    dsearSpec: yesNo(row.dsear_spec),
    dsearApp: yesNo(row.dsear_app),
  };
}

export function presentHistory(row: DsearHistoryRow): DsearHistoryLine {
  let changes: DsearChange[] = [];
  try {
    const parsed: unknown = JSON.parse(row.changes);
    if (Array.isArray(parsed)) changes = parsed as DsearChange[];
  } catch {
    changes = [];
  }
  return {
    at: row.at,
    byEmail: row.by_email,
    byName: row.by_name,
    action: row.action as DsearHistoryLine['action'],
    changes,
  };
}

/** What a history line shows of an entry: each audited field as display text. */
export type DsearSnapshot = Pick<
  DsearEntry,
  | 'tm'
  | 'tmRag'
  | 'leadEngineer'
  | 'practitioner'
  | 'practionerFlag'
  | 'flidsRisk'
  | 'flidsOutcome'
  | 'dsearZone'
  | 'dsearIden'
  | 'dsearImp'
  | 'dsearSpec'
  | 'dsearApp'
> & { sdms: ReadonlyArray<{ email: string; name?: string; status: string }> };

const zoneText = (zone: DsearZoneEntry) =>
  `${zone.zone}${zone.other ? `: ${zone.other}` : ''}${zone.rating ? ` (${zone.rating})` : ''}`;
const personText = (person: { email: string; name?: string }) =>
  person.name && person.name !== person.email ? `${person.name} <${person.email}>` : person.email;

function displayFields(entry: DsearSnapshot | null): Array<[string, string]> {
  if (!entry) return [];
  return [
    ['Technical Manager', entry.tm],
    ['TM RAG', entry.tmRag],
    ['Senior Design Managers', entry.sdms.map(personText).join(', ')],
    ['Checker/Lead Engineer', entry.leadEngineer],
    ['Practitioner Flag', entry.practionerFlag],
    ['Practitioner', entry.practitioner],
    ['FLIDS Risk', entry.flidsRisk],
    ['FLIDS Outcome', entry.flidsOutcome],
    ['DSEAR Zones', entry.dsearZone.map(zoneText).join(', ')],
    ...DSEAR_QUESTIONS.map((q): [string, string] => [q.text, entry[q.key]]),
  ];
}

/**
 * The changed fields between two versions of an entry (before is null for a new one), plus every approval
 * that the save took back (an update resets all approvals).
 */
export function describeChanges(before: DsearSnapshot | null, after: DsearSnapshot): DsearChange[] {
  const old = new Map(displayFields(before));
  const changes: DsearChange[] = [];
  for (const [field, to] of displayFields(after)) {
    const from = old.get(field) ?? '';
    if (from !== to) changes.push({ field, from, to });
  }
  for (const sdm of before?.sdms ?? [])
    if (sdm.status === SDM_APPROVED && after.sdms.some((s) => s.email === sdm.email))
      changes.push({ field: `Approval: ${personText(sdm)}`, from: SDM_APPROVED, to: 'Pending' });
  return changes;
}
