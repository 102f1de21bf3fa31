import fs from 'node:fs/promises';
import path from 'node:path';
import { tagFallbackOf, type TagFallback } from '@penstock/shared';

/** Where the configuration files are: the installation's overrides, then Penstock's defaults. */
export interface ConfigDirs {
  dataDir: string;
  defaultsDir: string;
}

/** The first readable file of the list, or undefined. */
export async function readFirst(candidates: readonly string[]): Promise<Buffer | undefined> {
  for (const file of candidates) {
    try {
      return await fs.readFile(file);
    } catch {
      // try the next one
    }
  }
  return undefined;
}

/** A configuration file: `<data>/config/<name>` when the installation has one, else the default. */
export function readConfigFile(dirs: ConfigDirs, name: string): Promise<Buffer | undefined> {
  return readFirst([path.join(dirs.dataDir, 'config', name), path.join(dirs.defaultsDir, name)]);
}

/** The tag fallback order of the general settings (read per conversion, so a change applies to the next). */
export async function readTagFallback(dirs: ConfigDirs): Promise<readonly TagFallback[]> {
  const body = await readConfigFile(dirs, 'generalSettings.json');
  try {
    return tagFallbackOf(body ? JSON.parse(body.toString('utf8')) : undefined);
  } catch {
    return tagFallbackOf(undefined);
  }
}
