import type { FastifyInstance } from 'fastify';
import { sketchExportRoutes } from './sketchExport.routes.ts';

/** Sketch exports built on the server (issue 13): POST /api/sketchexport/pdf, a vector or canvas PDF. */
export function registerSketchExport(app: FastifyInstance): void {
  sketchExportRoutes(app);
}
