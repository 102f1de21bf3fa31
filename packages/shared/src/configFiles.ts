/**
 * Configuration files served under /config/ and loaded by the app on start. Kept apart from the schemas of
 * contract.ts, so the first page's script has no schema library in it.
 */
export const CONFIG_FILES = {
  fileExtensionWhitelist: 'fileExtensionWhitelist.json',
  filterPropertyWhitelist: 'filterPropertyWhitelist.json',
  filterCategoryWhitelist: 'filterCategoryWhitelist.json',
  folderExtensionBlacklist: 'folderExtensionBlacklist.json',
  generalSettings: 'generalSettings.json',
  projectDataConfig: 'projectDataConfig.json',
  calculationsConfig: 'calculationsConfig.json',
  startPage: 'startPage.md',
} as const;
