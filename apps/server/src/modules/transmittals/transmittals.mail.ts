import { formatDate } from '@penstock/shared';
import type { OutboxMessage } from '../../notify/outbox.repo.ts';

/** What the transmittal e-mails say (issue 35 §3); plain text, written to the outbox with the issue. */
export interface TransmittalMailFacts {
  number: string;
  projectName: string;
  senderName: string;
  purpose: string;
  dueDate: string | null;
  message: string;
  documents: ReadonlyArray<{ fileName: string; revision: string; suitability: string }>;
}

const documentLines = (facts: TransmittalMailFacts) =>
  facts.documents.map((d) => `- ${d.fileName} (revision ${d.revision}, ${d.suitability})`).join('\n');

function body(facts: TransmittalMailFacts, open: string): string {
  return [
    `${facts.senderName} issued transmittal ${facts.number} of ${facts.projectName}: ${facts.purpose}.`,
    facts.dueDate ? `A response is due by ${facts.dueDate}.` : '',
    facts.message ? `\n${facts.message}\n` : '',
    'Documents:',
    documentLines(facts),
    '',
    open,
  ]
    .filter((line, i) => line !== '' || i > 2)
    .join('\n');
}

export function memberMessage(facts: TransmittalMailFacts, to: string, hubUrl: string): OutboxMessage {
  return {
    to,
    subject: `Transmittal ${facts.number}: ${facts.purpose}`,
    text: body(facts, `Open it in your Personal hub: ${hubUrl}`),
  };
}

export function outsideMessage(
  facts: TransmittalMailFacts,
  to: string,
  link: string,
  expiresAt: string,
): OutboxMessage {
  const open = (shown: string) =>
    body(
      facts,
      `Open the documents (no account needed) until ${formatDate(expiresAt, 'utc-date')}:\n${shown}`,
    );
  return {
    to,
    subject: `Transmittal ${facts.number}: ${facts.purpose}`,
    text: open(link),
    // the outbox keeps no usable copy of the link once it is sent (the database has only the token's hash)
    keptText: open(withheldLink(link)),
  };
}

/** The link with its token taken out: '…/transmittal/[link withheld after sending]'. */
export const withheldLink = (link: string): string =>
  `${link.slice(0, link.lastIndexOf('/') + 1)}[link withheld after sending]`;

export function reminderMessage(facts: TransmittalMailFacts, to: string, open: string): OutboxMessage {
  return {
    to,
    subject: `Reminder: response to transmittal ${facts.number} due ${facts.dueDate ?? ''}`.trim(),
    text: [
      `Your response to transmittal ${facts.number} of ${facts.projectName} (${facts.purpose}) is due by ${facts.dueDate}.`,
      '',
      open,
    ].join('\n'),
  };
}
