import type { ResponseDecision } from '@penstock/shared';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import type { StagedFile } from '../../http/stageFilePart.ts';
import type { RecipientRow, TransmittalsRepo } from './transmittals.repo.ts';

/** A response as read from its multipart call: the decision, a comment and at most one staged attachment. */
export interface ResponseInput {
  decision: ResponseDecision;
  comment: string;
  attachment: { fileName: string; staged: StagedFile } | null;
}

/** Where an outside recipient's answer came from, for the access log (members' answers are not logged). */
export interface LinkVisit {
  address: string;
}

/**
 * Acknowledgements and responses of one recipient line, whoever asks (a member signed in, an outside
 * recipient through their link; both checked by the caller). A response needs a transmittal that asks for
 * one, is given once, and acknowledges receipt too.
 */
export class ResponseRecorder {
  constructor(
    private readonly repo: TransmittalsRepo,
    _mail: unknown,
  ) {}

  async acknowledge(line: RecipientRow, visit: LinkVisit | null): Promise<void> {
    const at = new Date().toISOString();
    await this.repo.acknowledge(line.id, at);
    if (visit) await this.log(line, 'acknowledge', null, visit, at);
  }

  async respond(
    line: RecipientRow,
    inputOf: () => Promise<ResponseInput>,
    visit: LinkVisit | null,
  ): Promise<void> {
    const transmittal = await this.repo.find(line.transmittal_id);
    if (!transmittal) throw notFound();
    if (!transmittal.asks_response)
      throw badRequest(`Transmittal ${transmittal.number} asks for no response`);
    if (line.responded_at) throw conflict('A response to this transmittal was given already');
    const input = await inputOf();
    const at = new Date().toISOString();
    let attachment: { hash: string; name: string; size: number } | null = null;
    if (input.attachment) {
      await input.attachment.staged.commit();
      attachment = {
        hash: input.attachment.staged.hash,
        name: input.attachment.fileName,
        size: input.attachment.staged.size,
      };
    }
    const recorded = await this.repo.respond(line.id, {
      at,
      decision: input.decision,
      comment: input.comment,
      attachment,
    });
    // the stored attachment of a lost race is left to the orphan collector
    if (!recorded) throw conflict('A response to this transmittal was given already');
    if (visit) await this.log(line, 'respond', attachment?.name ?? null, visit, at);
  }

  log(
    line: RecipientRow,
    action: string,
    fileName: string | null,
    visit: LinkVisit,
    at = new Date().toISOString(),
  ) {
    return this.repo.log({
      transmittalId: line.transmittal_id,
      recipientId: line.id,
      at,
      action,
      fileName,
      address: visit.address,
    });
  }
}
