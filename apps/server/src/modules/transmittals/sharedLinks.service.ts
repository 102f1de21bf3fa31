import { PassThrough, type Readable } from 'node:stream';
import JSZip from 'jszip';
import { isTransmittalToken, type SharedTransmittal } from '@penstock/shared';
import { notFound } from '../../http/errors.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import { recipientStatus } from './transmittals.presenter.ts';
import type { RecipientRow, TransmittalListRow, TransmittalsRepo } from './transmittals.repo.ts';
import { ResponseRecorder, type LinkVisit, type ResponseInput } from './responses.ts';
import { tokenHash } from './transmittals.service.ts';

/**
 * What an outside recipient reaches with their link's token (issue 35 §3, §5): that transmittal's files
 * (one by one or as one zip), its cover details and their own acknowledgement and response; nothing else.
 * The token is the one check, made first in every call: unknown, malformed, revoked or expired tokens are
 * all answered 404 'Not found', saying nothing of why. Every view and download is logged with its address.
 */
export class SharedLinksService {
  private readonly responses: ResponseRecorder;

  constructor(
    private readonly repo: TransmittalsRepo,
    private readonly blobs: BlobStore,
  ) {
    this.responses = new ResponseRecorder(repo, null);
  }

  /** The recipient line and transmittal of a live token, else 404. */
  private async resolve(token: string): Promise<{ line: RecipientRow; transmittal: TransmittalListRow }> {
    if (!isTransmittalToken(token)) throw notFound();
    const line = await this.repo.recipientByToken(tokenHash(token));
    const live =
      line &&
      line.kind === 'outside' &&
      !line.token_revoked_at &&
      !!line.token_expires_at &&
      line.token_expires_at > new Date().toISOString();
    if (!live) throw notFound();
    const transmittal = await this.repo.find(line.transmittal_id);
    if (!transmittal) throw notFound();
    return { line, transmittal };
  }

  async view(token: string, visit: LinkVisit): Promise<SharedTransmittal> {
    const { line } = await this.resolve(token);
    await this.responses.log(line, 'view', null, visit);
    return this.present(token);
  }

  private async present(token: string): Promise<SharedTransmittal> {
    const { line, transmittal } = await this.resolve(token);
    const documents = await this.repo.documentsOf(transmittal.id);
    return {
      number: transmittal.number,
      projectName: transmittal.project_name,
      purpose: transmittal.purpose,
      asksResponse: !!transmittal.asks_response,
      dueDate: transmittal.due_date,
      message: transmittal.message,
      senderName: transmittal.sender_name,
      issuedAt: transmittal.issued_at,
      documents: documents.map((d) => ({
        versionId: d.version_id,
        fileName: d.file_name,
        revision: d.revision,
        suitability: d.suitability,
        size: Number(d.size),
      })),
      recipient: {
        name: line.name,
        email: line.email,
        status: recipientStatus(line),
        decision: (line.decision as SharedTransmittal['recipient']['decision']) ?? null,
      },
      expiresAt: line.token_expires_at!,
    };
  }

  /** One issued file (a version of this transmittal only), logged. */
  async file(token: string, versionId: string, visit: LinkVisit) {
    const { line, transmittal } = await this.resolve(token);
    const version = await this.repo.issuedVersion(transmittal.id, versionId);
    if (!version) throw notFound();
    await this.responses.log(line, 'download', version.file_name, visit);
    return { version, stream: this.blobs.createReadStream(version.blob_hash) };
  }

  /** Every issued file as one zip, stored uncompressed and streamed (documents are mostly compressed already). */
  async zip(token: string, visit: LinkVisit): Promise<{ fileName: string; stream: Readable }> {
    const { line, transmittal } = await this.resolve(token);
    const documents = await this.repo.documentsOf(transmittal.id);
    await this.responses.log(line, 'zip', `${transmittal.number}.zip`, visit);
    const zip = new JSZip();
    const used = new Set<string>();
    for (const document of documents) {
      let name = document.file_name;
      for (let n = 2; used.has(name.toLowerCase()); n++) name = `(${n}) ${document.file_name}`;
      used.add(name.toLowerCase());
      zip.file(name, this.blobs.createReadStream(document.blob_hash), { binary: true });
    }
    const out = new PassThrough();
    zip
      .generateNodeStream({ type: 'nodebuffer', streamFiles: true, compression: 'STORE' })
      .on('error', (error) => out.destroy(error))
      .pipe(out);
    return { fileName: `${transmittal.number}.zip`, stream: out };
  }

  async acknowledge(token: string, visit: LinkVisit): Promise<SharedTransmittal> {
    const { line } = await this.resolve(token);
    await this.responses.acknowledge(line, visit);
    return this.present(token);
  }

  async respond(
    token: string,
    inputOf: () => Promise<ResponseInput>,
    visit: LinkVisit,
  ): Promise<SharedTransmittal> {
    const { line } = await this.resolve(token);
    await this.responses.respond(line, inputOf, visit);
    return this.present(token);
  }
}
