import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import mime from 'mime-types';
import { CONFIG_FILES } from '@penstock/shared';
import { notFound } from '../../http/errors.ts';
import { readFirst } from './configFiles.ts';
import { FORMS_FILES, readFormsConfig, readReportConfig, type FormsFileName } from './formsConfig.ts';
import { renderReadMorePdf } from './readMore.ts';
import { CHECKED_FILES, readCheckedConfig, renderStartPage } from './validConfig.ts';

/** the start page as HTML, rendered here so the browser needs no markdown library on start */
const START_PAGE_HTML = 'startPage.html';

const SERVED = new Set<string>([...Object.values(CONFIG_FILES), 'readMore.pdf', START_PAGE_HTML]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * /config/<file>: the installation's file in <data>/config/ when present, else Penstock's default.
 * Only known names are served (no path is built from free input). Read per request so an
 * administrator's change applies without a restart.
 */
export function configRoutes(
  app: FastifyInstance,
  { dataDir, defaultsDir }: { dataDir: string; defaultsDir: string },
): void {
  const overrideDir = path.join(dataDir, 'config');
  let readMore: Promise<Uint8Array> | undefined;

  app.get('/config/:file', async (request, reply) => {
    const { file } = request.params as { file: string };
    if (!SERVED.has(file)) throw notFound('No such configuration file');
    if ((FORMS_FILES as readonly string[]).includes(file)) {
      // the forms in use: a valid override, else the default (a broken override is logged, never served)
      const forms = await readFormsConfig({ dataDir, defaultsDir }, file as FormsFileName, request.log);
      return reply.type('application/json; charset=utf-8').header('Cache-Control', 'no-cache').send(forms);
    }
    if (file === START_PAGE_HTML) {
      const html = await renderStartPage({ dataDir, defaultsDir });
      if (html === undefined) throw notFound('No such configuration file');
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
    }
    const schema = CHECKED_FILES[file];
    let body: Uint8Array | undefined = schema
      ? await readCheckedConfig({ dataDir, defaultsDir }, file, schema, request.log)
      : await readFirst([path.join(overrideDir, file), path.join(defaultsDir, file)]);
    if (!body && file === 'readMore.pdf') body = await (readMore ??= renderReadMorePdf());
    if (!body) throw notFound('No such configuration file');
    return reply
      .type(mime.contentType(file) || 'application/octet-stream')
      .header('Cache-Control', 'no-cache')
      .send(Buffer.from(body));
  });

  app.get('/config/reports/:projectId/reports_config.json', async (request, reply) => {
    const { projectId } = request.params as { projectId: string };
    if (!UUID.test(projectId)) throw notFound('No such report configuration');
    // the project's own configuration when valid, else the default every project gets
    const config = await readReportConfig({ dataDir, defaultsDir }, projectId, request.log);
    return reply.type('application/json; charset=utf-8').header('Cache-Control', 'no-cache').send(config);
  });
}
