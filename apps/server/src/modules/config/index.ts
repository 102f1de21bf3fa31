/** The configuration files (data folder over the shipped defaults) other modules read, and GET /config. */
export { readFormsConfig, readReportConfig } from './formsConfig.ts';
export { readTagFallback, type ConfigDirs } from './configFiles.ts';
export { configRoutes } from './config.routes.ts';
