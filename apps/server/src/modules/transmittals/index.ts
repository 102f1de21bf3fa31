import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { AccessService } from '../../security/access.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import type { DocumentFiles } from '../documents/index.ts';
import { InfoStandardRepo } from '../infoStandard/index.ts';
import { SharedLinksService } from './sharedLinks.service.ts';
import { TransmittalReminders } from './transmittalReminders.ts';
import { TransmittalsRepo } from './transmittals.repo.ts';
import { transmittalsRoutes } from './transmittals.routes.ts';
import { TransmittalsService, type TransmittalMail } from './transmittals.service.ts';

export { TransmittalsService, type TransmittalMail } from './transmittals.service.ts';
export { TransmittalReminders } from './transmittalReminders.ts';

/**
 * Transmittals (issue 35 §3): issue document versions to members and outside people, with a numbered cover
 * sheet, outside links, acknowledgements, responses, reminders and the register.
 */
export function registerTransmittals(
  app: FastifyInstance,
  db: Db,
  deps: { files: DocumentFiles; blobs: BlobStore; access: AccessService; mail: TransmittalMail },
  options: { maxUploadBytes: number; log?: FastifyInstance['log'] },
): { transmittals: TransmittalsService; reminders: TransmittalReminders } {
  const repo = new TransmittalsRepo(db);
  const transmittals = new TransmittalsService(
    repo,
    deps.files,
    deps.blobs,
    deps.access,
    deps.mail,
    new InfoStandardRepo(db),
  );
  const shared = new SharedLinksService(repo, deps.blobs);
  transmittalsRoutes(app, transmittals, shared, {
    blobs: deps.blobs,
    maxUploadBytes: options.maxUploadBytes,
  });
  const reminders = new TransmittalReminders(repo, deps.mail, options.log);
  app.addHook('onReady', async () => reminders.start());
  app.addHook('onClose', async () => reminders.stop());
  return { transmittals, reminders };
}
