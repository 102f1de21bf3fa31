import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/database.ts';
import type { AccessService } from '../../../security/access.ts';
import type { ModelsRepo } from '../models.repo.ts';
import { PropertyValuesRepo } from './propertyValues.repo.ts';
import { propertyValuesRoutes } from './propertyValues.routes.ts';
import { PropertyValuesService } from './propertyValues.service.ts';

export type { PropertyNames, PropertyValues } from './propertyValues.service.ts';

/**
 * Colour by property in the viewer: GET /api/models/<version id>/property-names and
 * GET /api/models/<version id>/property-values?set=&name= (or ?attribute=category|ifcClass|storey).
 */
export function registerPropertyValues(
  app: FastifyInstance,
  db: Db,
  models: ModelsRepo,
  access: AccessService,
): PropertyValuesService {
  const values = new PropertyValuesService(new PropertyValuesRepo(db), models, access);
  propertyValuesRoutes(app, values);
  return values;
}
