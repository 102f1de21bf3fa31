/**
 * The Supplier Zone's cards and contact address (engineering spec §2 'Supplier zone page'): the titles and
 * links of the 'Procedures and guidance documents' and 'Training videos' cards, and the address for
 * register updates. An administrator changes them; everyone reads them.
 */
import { z } from 'zod';

export interface SupplierZoneLink {
  title: string;
  /** an address: https://..., http://... or a path of this site ('/api/items/.../content'); '' when not set */
  url: string;
}

export interface SupplierZoneSettings {
  contactEmail: string;
  procedures: SupplierZoneLink[];
  trainingVideos: SupplierZoneLink[];
}

/** The spec's cards; the demo seed points them at documents of the demo project. */
export const DEFAULT_PROCEDURE_TITLES = [
  'Document control procedure',
  'Managing and reviewing files',
  'Creating issues',
  'File naming and revision codes',
] as const;
export const DEFAULT_TRAINING_TITLES = [
  'Project viewer 3D training',
  'File management training',
  'Video 007: uploading files and new versions',
  'Video 008: folders and ISO 19650 states',
  'Video 009: sending files for review',
  'Video 010: approving and publishing files',
  'Video 012: markups on drawings and models',
  'Video 013: finding files and objects',
  'Issues, including design queries and change requests',
] as const;

export const DEFAULT_SUPPLIER_ZONE_SETTINGS: SupplierZoneSettings = {
  contactEmail: 'design.competency@penstock.demo',
  procedures: DEFAULT_PROCEDURE_TITLES.map((title) => ({ title, url: '' })),
  trainingVideos: DEFAULT_TRAINING_TITLES.map((title) => ({ title, url: '' })),
};

export const SUPPLIER_LINK_MESSAGE =
  "A link must start with https://, http:// or / (a page or file of this site); leave it empty for 'not yet available'.";

/** http(s) addresses and paths of this site only: never javascript: or data: links. */
export const isSafeLink = (url: string): boolean =>
  url === '' || /^https?:\/\/[^\s]+$/i.test(url) || /^\/(?!\/)[^\s]*$/.test(url);

const LinkSchema = z.object({
  title: z.string().trim().min(1, 'Every card needs a title').max(120),
  url: z.string().trim().max(2000).refine(isSafeLink, SUPPLIER_LINK_MESSAGE),
});

export const SupplierZoneSettingsSchema = z.object({
  contactEmail: z
    .string()
    .trim()
    .max(200)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'The contact address must be an email address'),
  procedures: z.array(LinkSchema).max(30),
  trainingVideos: z.array(LinkSchema).max(30),
});
