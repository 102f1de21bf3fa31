import type { FastifyInstance } from 'fastify';
import { LegendReader } from './legend.service.ts';
import { legendRoutes } from './legend.routes.ts';

export { LegendReader } from './legend.service.ts';

/** The P&ID legend's reference data (issue 13): GET /api/legend for any signed-in user. */
export function registerLegend(app: FastifyInstance, { dataDir }: { dataDir: string }): LegendReader {
  const legend = new LegendReader(dataDir, app.log);
  legendRoutes(app, legend);
  return legend;
}
