import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { BlobStore } from '../../storage/blobStore.ts';
import type { AccessService } from '../../security/access.ts';
import { SupplierRepo } from './supplier.repo.ts';
import { supplierRoutes, type SupplierRouteOptions } from './supplier.routes.ts';
import { SupplierService } from './supplier.service.ts';
import { SupplierSettingsService } from './supplierSettings.service.ts';

export { SupplierRepo } from './supplier.repo.ts';
export { SupplierService } from './supplier.service.ts';
export { SupplierSettingsService } from './supplierSettings.service.ts';

/** savesdcdata: 10 forms per client address per hour. */
export const DEFAULT_SUBMISSION_LIMIT: SupplierRouteOptions = {
  submissionsPerWindow: 10,
  windowMs: 60 * 60 * 1000,
};

/**
 * The Supplier Zone (engineering spec §2, §7): the Design Competency Form's savesdcdata, the register's
 * getsdcdata and /logos/, the register manager's review of submissions, and the zone's settings.
 */
export async function registerSupplier(
  app: FastifyInstance,
  db: Db,
  blobs: BlobStore,
  access: AccessService,
  options: SupplierRouteOptions = DEFAULT_SUBMISSION_LIMIT,
): Promise<{ service: SupplierService; settings: SupplierSettingsService }> {
  const repo = new SupplierRepo(db);
  const service = new SupplierService(repo, blobs, access);
  const settings = new SupplierSettingsService(repo, access);
  await supplierRoutes(app, { service, settings, blobs, options });
  return { service, settings };
}
