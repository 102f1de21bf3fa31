import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { micromark } from 'micromark';
import type { z } from 'zod';
import { GeneralSettingsSchema, TypeEntrySchema } from '@penstock/shared';
import { describeZodError } from '../../http/errors.ts';
import { readFirst, type ConfigDirs } from './configFiles.ts';

/**
 * The JSON configuration files the browser reads on start, with the shape each must have. The server checks
 * them, so the sign-in page and the shell need no schema library of their own (issue 15: first load).
 */
export const CHECKED_FILES: Readonly<Record<string, z.ZodType>> = {
  'generalSettings.json': GeneralSettingsSchema,
  'fileExtensionWhitelist.json': TypeEntrySchema.array(),
  'folderExtensionBlacklist.json': TypeEntrySchema.array(),
};

function problemOf(schema: z.ZodType, body: Buffer): string | null {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? null : describeZodError(parsed.error);
}

/**
 * A checked file as written (keys the schema does not name are kept): the installation's override when it
 * has the right shape, else the shipped default. A broken override is refused with one log line naming the
 * file and the field, so a typo never stops every user at start.
 */
export async function readCheckedConfig(
  dirs: ConfigDirs,
  name: string,
  schema: z.ZodType,
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<Buffer | undefined> {
  const override = path.join(dirs.dataDir, 'config', name);
  const own = await readFirst([override]);
  if (own) {
    const problem = problemOf(schema, own);
    if (problem === null) return own;
    log?.error(`config: ${override} is not used: ${problem}`);
  }
  return readFirst([path.join(dirs.defaultsDir, name)]);
}

/** The start page's HTML: CommonMark by micromark; raw HTML is shown as text, unsafe link protocols dropped. */
export async function renderStartPage(dirs: ConfigDirs): Promise<string | undefined> {
  const markdown = await readFirst([
    path.join(dirs.dataDir, 'config', 'startPage.md'),
    path.join(dirs.defaultsDir, 'startPage.md'),
  ]);
  return markdown === undefined ? undefined : micromark(markdown.toString('utf8'));
}
