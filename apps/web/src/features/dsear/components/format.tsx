import { DSEAR_RAG_COLOURS, type DsearPeople, type DsearPerson, type DsearRag } from '@penstock/shared';

/** Everyone the form offers, by email, to show names for stored emails. */
export function peopleByEmail(people: DsearPeople | undefined): Map<string, DsearPerson> {
  const byEmail = new Map<string, DsearPerson>();
  for (const list of [people?.seniorDesignManagers, people?.checkerLeadEngineers, people?.practitioners])
    for (const person of list ?? []) byEmail.set(person.email.toLowerCase(), person);
  return byEmail;
}

/** 'Name (email)' when the person is known, else the email as stored. */
export function personText(byEmail: Map<string, DsearPerson>, email: string, name?: string): string {
  if (!email) return '';
  const known = name || byEmail.get(email.toLowerCase())?.name;
  return known ? `${known} (${email})` : email;
}

const TEXT_ON: Record<DsearRag, string> = { RED: '#fff', AMBER: '#212529', GREEN: '#fff' };

/** The RAG as a badge in the spec's colours (amber orange, green, red). */
export function RagBadge({ rag }: { rag: DsearRag }) {
  return (
    <span
      className="badge dsear-rag"
      style={{ backgroundColor: DSEAR_RAG_COLOURS[rag] ?? 'grey', color: TEXT_ON[rag] ?? '#fff' }}
    >
      {rag}
    </span>
  );
}
