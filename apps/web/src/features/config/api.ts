import {
  CONFIG_FILES,
  GeneralSettingsSchema,
  TypeEntrySchema,
  type GeneralSettings,
  type TypeEntry,
} from '@penstock/shared';
import { ApiError, apiFetch, apiFetchText, errorMessage } from '../../app/api.ts';

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
const typeList = (data: unknown) => TypeEntrySchema.array().parse(data);
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
    load(files.generalSettings, (data) => GeneralSettingsSchema.parse(data)),
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
