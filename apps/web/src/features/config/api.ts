import { CONFIG_FILES, type GeneralSettings, type TypeEntry } from '@penstock/shared';
import { ApiError, apiFetch, apiFetchText, errorMessage } from '../../base/api.ts';

/** The configuration files loaded on start (spec 1, §2), served under /config/. */
export interface AppConfig {
  fileExtensionWhitelist: TypeEntry[];
  filterPropertyWhitelist: unknown;
  filterCategoryWhitelist: unknown;
  folderExtensionBlacklist: TypeEntry[];
  generalSettings: GeneralSettings;
  projectDataConfig: unknown;
  calculationsConfig: unknown;
  /** markdown shown in the workspace until a model is open */
  startPage: string;
}

async function load<T>(file: string, parse: (data: unknown) => T, as: 'json' | 'text' = 'json'): Promise<T> {
  const url = `/config/${file}`;
  let data: unknown;
  try {
    data = as === 'text' ? await apiFetchText(url) : await apiFetch(url);
  } catch (failure) {
    throw new ApiError(`${file} could not be loaded: ${errorMessage(failure)}`, 0);
  }
  try {
    return parse(data);
  } catch {
    throw new ApiError(`${file} is not a valid configuration file.`, 0);
  }
}

const asIs = (data: unknown) => data;
/**
 * The server serves the checked files (generalSettings.json and the two type lists) only when they have their
 * shape (a broken override is logged there and the default served), so the browser checks only their kind:
 * no schema library on the sign-in page (issue 15: first load).
 */
function typeList(data: unknown): TypeEntry[] {
  if (!Array.isArray(data)) throw new TypeError('not a list');
  return data as TypeEntry[];
}
function settings(data: unknown): GeneralSettings {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new TypeError('not an object');
  return data as GeneralSettings;
}
const text = (data: unknown) => String(data);

export async function loadConfig(): Promise<AppConfig> {
  const files = CONFIG_FILES;
  const [
    fileExtensionWhitelist,
    filterPropertyWhitelist,
    filterCategoryWhitelist,
    folderExtensionBlacklist,
    generalSettings,
    projectDataConfig,
    calculationsConfig,
    startPage,
  ] = await Promise.all([
    load(files.fileExtensionWhitelist, typeList),
    load(files.filterPropertyWhitelist, asIs),
    load(files.filterCategoryWhitelist, asIs),
    load(files.folderExtensionBlacklist, typeList),
    load(files.generalSettings, settings),
    load(files.projectDataConfig, asIs),
    load(files.calculationsConfig, asIs),
    load(files.startPage, text, 'text'),
  ]);
  return {
    fileExtensionWhitelist,
    filterPropertyWhitelist,
    filterCategoryWhitelist,
    folderExtensionBlacklist,
    generalSettings,
    projectDataConfig,
    calculationsConfig,
    startPage,
  };
}

/** The start page as HTML, rendered by the server from startPage.md (no markdown library in the browser). */
export const loadStartPageHtml = (): Promise<string> => apiFetchText('/config/startPage.html');
