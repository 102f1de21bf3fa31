/**
 * Property values of model objects (spec core viewer §3, forms spec §3) and the model calls of docs/api.md
 * ('Models'): static and dynamic records, the server's dynamic entries, element properties, the object
 * index and the model information.
 */
import { z } from 'zod';
import { ModelGeoreferenceSchema } from './georeference.contract.ts';

/** At most this many records (or objects) in one list. */
export const MAX_PROPERTY_RECORDS = 200_000;
/** At most this many characters in one text value. */
export const MAX_PROPERTY_TEXT = 10_000;

const text = (field: string) =>
  z
    .string({ message: `${field} must be text` })
    .max(MAX_PROPERTY_TEXT, `${field} can have at most ${MAX_PROPERTY_TEXT} characters`);

const list = <T extends z.ZodType>(item: T, field: string) =>
  z
    .array(item, { message: `${field} must be a list` })
    .max(MAX_PROPERTY_RECORDS, `${field} can have at most ${MAX_PROPERTY_RECORDS} entries`);

export const PropValueSchema = z.object({
  propName: text('propName'),
  propValue: text('propValue'),
});
export type PropValue = z.infer<typeof PropValueSchema>;

/** A static property value record: the read-only values of one tagged object. */
export const StaticRecordSchema = z.object({
  projectName: text('projectName'),
  fileName: text('fileName'),
  tag: text('tag').min(1, 'tag is required'),
  guId: text('guId'),
  category: text('category'),
  propValueList: list(PropValueSchema, 'propValueList'),
});
export type StaticRecord = z.infer<typeof StaticRecordSchema>;

/** A dynamic property value record: the static fields plus the server's locked flag. */
export const DynamicRecordSchema = StaticRecordSchema.extend({
  locked: z.boolean({ message: 'locked must be true or false' }),
  /** the values locked one by one (valueLocks.ts); the server sets them, a save ignores them */
  lockedProps: list(text('lockedProps'), 'lockedProps').optional(),
});
export type DynamicRecord = z.infer<typeof DynamicRecordSchema>;

export const StaticRecordListSchema = list(StaticRecordSchema, 'Records');
export const DynamicRecordListSchema = list(DynamicRecordSchema, 'Records');

/** The Data field of POST /api/getdynamic. */
export const GetDynamicBodySchema = z.object({
  projectName: text('projectName'),
  fileName: text('fileName'),
});
export type GetDynamicBody = z.infer<typeof GetDynamicBodySchema>;

/** One row of the answer of POST /api/getdynamic. */
export const DynamicEntrySchema = z.object({
  Tag: text('Tag'),
  ProjectName: text('ProjectName'),
  Locked: z.boolean({ message: 'Locked must be true or false' }),
  PropertyValueData: list(PropValueSchema, 'PropertyValueData'),
  /** the values locked one by one (an addition to the spec's entry; absent when none is) */
  LockedProps: list(text('LockedProps'), 'LockedProps').optional(),
});
export type DynamicEntry = z.infer<typeof DynamicEntrySchema>;

export const DynamicEntryListSchema = list(DynamicEntrySchema, 'Entries');

/** One property of a model element (GET /api/models/<version id>/objects/<localId>/properties). */
export const ElementPropertySchema = z.object({
  displayName: text('displayName'),
  displayValue: text('displayValue'),
  displayCategory: text('displayCategory'),
  units: text('units'),
  dbId: z.number({ message: 'dbId must be a number' }).int('dbId must be a whole number'),
  /** true for a property the element has through its type object (IfcRelDefinesByType) */
  fromType: z.literal(true).optional(),
});
export type ElementProperty = z.infer<typeof ElementPropertySchema>;

export const ElementPropertyListSchema = list(ElementPropertySchema, 'Properties');

export const OBJECT_KINDS = ['element', 'space', 'spatial'] as const;

/**
 * GET /api/models/<version id>/objects/<localId>: what the object is (IFC class, Name, GlobalId, storey), its
 * tag and category and where they came from, and its properties (its own, else its nearest parent's).
 */
export const ObjectDetailSchema = z.object({
  /** -1 when the object is not in the index */
  localId: z.number().int(),
  guid: text('guid'),
  kind: z.enum(OBJECT_KINDS),
  ifcClass: text('ifcClass'),
  name: text('name'),
  predefinedType: text('predefinedType'),
  storey: text('storey'),
  tag: text('tag'),
  /** 'property', 'parent', 'attribute', 'named:<property>' or '' (see tagSourceLabel) */
  tagSource: text('tagSource'),
  category: text('category'),
  categorySource: z.enum(['pid', 'ifc', '']),
  properties: ElementPropertyListSchema,
});
export type ObjectDetail = z.infer<typeof ObjectDetailSchema>;

/**
 * The object index of a model in columns (GET /api/models/<version id>/objects): entry i of every column
 * describes the same object. parents: -1 for none; tags: '' for none (already the parent's tag when the
 * object has none); categories: from the P&ID Class through the catalogue; hazard: 1 when the object has a
 * property named Hazard, else 0.
 */
export const ObjectIndexSchema = z
  .object({
    localIds: list(z.number().int(), 'localIds'),
    parents: list(z.number().int().min(-1), 'parents'),
    guids: list(text('guids'), 'guids'),
    tags: list(text('tags'), 'tags'),
    categories: list(text('categories'), 'categories'),
    hazard: list(z.union([z.literal(0), z.literal(1)]), 'hazard'),
  })
  .refine(
    (index) =>
      [index.parents, index.guids, index.tags, index.categories, index.hazard].every(
        (column) => column.length === index.localIds.length,
      ),
    { message: 'Every column of the object index must have one entry per object' },
  );
export type ObjectIndex = z.infer<typeof ObjectIndexSchema>;

export const CONVERSION_STATES = ['queued', 'running', 'done', 'failed', 'none'] as const;
export type ConversionState = (typeof CONVERSION_STATES)[number];

export const ViewableSchema = z.object({
  guid: text('guid'),
  name: text('name'),
  role: z.enum(['3d', '2d'], { message: "role must be '3d' or '2d'" }),
  /** IFC storey plans: the storey's name. */
  storey: text('storey').optional(),
  /** PDF pages: the page index, from 0. */
  page: z.number().int().min(0, 'page starts at 0').optional(),
});
export type Viewable = z.infer<typeof ViewableSchema>;

/** GET /api/models/<version id>. */
export const ModelInfoSchema = z.object({
  versionId: text('versionId'),
  itemId: text('itemId'),
  projectId: text('projectId'),
  projectName: text('projectName'),
  fileName: text('fileName'),
  fileType: text('fileType'),
  /** the version's number in its item (1, 2, ...) and its ISO 19650 revision (P01.01, C01): labels of the model */
  versionNumber: z.number().int().min(1).optional(),
  revision: text('revision').optional(),
  conversion: z.object({
    state: z.enum(CONVERSION_STATES, {
      message: `conversion state must be one of ${CONVERSION_STATES.join(', ')}`,
    }),
    progress: z.number().min(0, 'progress is from 0 to 1').max(1, 'progress is from 0 to 1'),
    error: text('error').nullable(),
  }),
  objectCount: z.number().int().min(0),
  viewables: list(ViewableSchema, 'viewables'),
  /** where the model sits in the world (its IfcMapConversion or IfcSite), null when its IFC says neither */
  georeference: ModelGeoreferenceSchema.nullable(),
});
export type ModelInfo = z.infer<typeof ModelInfoSchema>;
