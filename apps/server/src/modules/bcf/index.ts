import type { FastifyInstance } from 'fastify';
import type { LocalBlobStore } from '../../storage/blobStore.ts';
import type { IssuesService } from '../issues/index.ts';
import { BcfService } from './bcf.service.ts';
import { bcfRoutes } from './bcf.routes.ts';

export { BcfService } from './bcf.service.ts';

/** BCF 3.0 export and import of a project's issues (GET and POST /api/issues/bcf). */
export function registerBcf(app: FastifyInstance, issues: IssuesService, blobs: LocalBlobStore): BcfService {
  const service = new BcfService(issues, blobs);
  bcfRoutes(app, service);
  return service;
}
