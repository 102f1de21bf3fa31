import type { IssueTransmittalBody, TransmittalPurpose } from '@penstock/shared';

/** What the Issue transmittal dialog holds before it sends. */
export interface IssueChoices {
  versionIds: readonly string[];
  purpose: string;
  message: string;
  memberIds: readonly string[];
  /** outside addresses as typed: one a line, or separated by commas or semicolons; 'Name <a@b.c>' allowed */
  outside: string;
  dueDate: string;
}

/** an address as the server's schema takes it: local part, @, a domain with a dot; no spaces */
const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

/** 'Sam Site <sam@x.example>' or 'sam@x.example' → {email, name}; null when the address is not valid. */
function parseAddress(text: string): { email: string; name: string } | null {
  const named = /^(.*)<([^<>]+)>$/.exec(text);
  const email = (named ? named[2]! : text).trim();
  const name = named ? named[1]!.trim().replace(/^"|"$/g, '') : '';
  return EMAIL.test(email) && email.length <= 254 ? { email, name } : null;
}

/** The outside addresses typed in, or the first one that is not an e-mail address. */
export function parseOutside(text: string): {
  people: { email: string; name: string }[];
  invalid: string | null;
} {
  const people: { email: string; name: string }[] = [];
  for (const part of text.split(/[\n,;]+/).map((s) => s.trim())) {
    if (!part) continue;
    const person = parseAddress(part);
    if (!person) return { people, invalid: part };
    if (!people.some((p) => p.email.toLowerCase() === person.email.toLowerCase())) people.push(person);
  }
  return { people, invalid: null };
}

/** The first problem with the choices (the server checks all of it again), or null. */
export function issueProblem(
  choices: IssueChoices,
  purposes: readonly TransmittalPurpose[],
  today: string,
): string | null {
  if (choices.versionIds.length === 0) return 'Choose at least one document to issue.';
  const purpose = purposes.find((p) => p.name === choices.purpose);
  if (!purpose) return 'Choose a purpose of issue.';
  const outside = parseOutside(choices.outside);
  if (outside.invalid) return `'${outside.invalid}' is not a valid e-mail address.`;
  if (choices.memberIds.length + outside.people.length === 0)
    return 'Add at least one recipient: a project member or an outside e-mail address.';
  if (purpose.asksResponse && !choices.dueDate)
    return `'${purpose.name}' asks for a response: give the date it is due.`;
  if (purpose.asksResponse && choices.dueDate < today) return 'The response cannot be due in the past.';
  return null;
}

/** The body of POST /api/projects/<id>/transmittals. */
export function issueBody(
  choices: IssueChoices,
  purposes: readonly TransmittalPurpose[],
): IssueTransmittalBody {
  const asksResponse = purposes.find((p) => p.name === choices.purpose)?.asksResponse ?? false;
  return {
    versionIds: [...choices.versionIds],
    purpose: choices.purpose,
    message: choices.message.trim(),
    memberIds: [...choices.memberIds],
    outside: parseOutside(choices.outside).people,
    dueDate: asksResponse ? choices.dueDate || null : null,
  };
}
