import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { FormsFileSchema, ReportConfigSchema, type FormsFile, type ReportConfig } from '@penstock/shared';
import { describeZodError as describeIssues } from '../../http/errors.ts';
import type { ConfigDirs } from './configFiles.ts';
import { readCheckedConfig } from './validConfig.ts';

export const FORMS_FILES = ['projectDataConfig.json', 'calculationsConfig.json'] as const;
export type FormsFileName = (typeof FORMS_FILES)[number];

const readJson = async (file: string): Promise<unknown> => JSON.parse(await fs.readFile(file, 'utf8'));

/**
 * A forms configuration: the installation's override when it is valid, else the shipped default. A broken
 * override is refused with one log line naming the file and the field, so a typo never empties the panels.
 */
export async function readFormsConfig(
  dirs: ConfigDirs,
  name: FormsFileName,
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<FormsFile> {
  const body = await readCheckedConfig(dirs, name, FormsFileSchema, log);
  if (!body) throw new Error(`The default ${name} is missing`);
  return FormsFileSchema.parse(JSON.parse(body.toString('utf8')));
}

/**
 * A project's report configuration: `<data>/config/reports/<id>/reports_config.json` when present and valid,
 * else the shipped default (`config/reports/default/reports_config.json`) that gives every project the
 * project data and calculations report.
 */
export async function readReportConfig(
  dirs: ConfigDirs,
  bareProjectId: string,
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<ReportConfig> {
  const override = path.join(dirs.dataDir, 'config', 'reports', bareProjectId, 'reports_config.json');
  try {
    const parsed = ReportConfigSchema.safeParse(await readJson(override));
    if (parsed.success) return parsed.data;
    log?.error(`config: ${override} is not used: ${describeIssues(parsed.error)}`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      log?.error(
        `config: ${override} is not used: ${error instanceof Error ? error.message : String(error)}`,
      );
  }
  return ReportConfigSchema.parse(
    await readJson(path.join(dirs.defaultsDir, 'reports', 'default', 'reports_config.json')),
  );
}
