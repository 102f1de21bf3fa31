/** An IDS 1.0 document as Penstock reads it (packages/ids/src/parse.ts writes it, write.ts writes it back). */

/** A restriction (xs:restriction) of a facet's value, with the facets IDS allows. */
export interface IdsRestriction {
  kind: 'restriction';
  /** xs:string, xs:double, xs:integer, xs:boolean … (without the prefix), or null when not given */
  base: string | null;
  enumeration?: string[];
  pattern?: string[];
  minInclusive?: string;
  maxInclusive?: string;
  minExclusive?: string;
  maxExclusive?: string;
  length?: string;
  minLength?: string;
  maxLength?: string;
  totalDigits?: string;
  fractionDigits?: string;
}

export type IdsValue = { kind: 'simple'; value: string } | IdsRestriction;

export type Cardinality = 'required' | 'optional' | 'prohibited';

export interface EntityFacet {
  facet: 'entity';
  name: IdsValue;
  predefinedType?: IdsValue;
}
export interface AttributeFacet {
  facet: 'attribute';
  name: IdsValue;
  value?: IdsValue;
  cardinality: Cardinality;
  instructions?: string;
}
export interface PropertyFacet {
  facet: 'property';
  propertySet: IdsValue;
  baseName: IdsValue;
  value?: IdsValue;
  /** upper case (IFCLABEL) */
  dataType?: string;
  uri?: string;
  cardinality: Cardinality;
  instructions?: string;
}
export interface ClassificationFacet {
  facet: 'classification';
  value?: IdsValue;
  system?: IdsValue;
  uri?: string;
  cardinality: Cardinality;
  instructions?: string;
}
export interface MaterialFacet {
  facet: 'material';
  value?: IdsValue;
  uri?: string;
  cardinality: Cardinality;
  instructions?: string;
}
export const PART_OF_RELATIONS = [
  'IFCRELAGGREGATES',
  'IFCRELASSIGNSTOGROUP',
  'IFCRELCONTAINEDINSPATIALSTRUCTURE',
  'IFCRELNESTS',
  'IFCRELVOIDSELEMENT IFCRELFILLSELEMENT',
] as const;
export type PartOfRelation = (typeof PART_OF_RELATIONS)[number];
export interface PartOfFacet {
  facet: 'partOf';
  entity: { name: IdsValue; predefinedType?: IdsValue };
  relation?: PartOfRelation;
  cardinality: Cardinality;
  instructions?: string;
}

export type Facet =
  EntityFacet | AttributeFacet | PropertyFacet | ClassificationFacet | MaterialFacet | PartOfFacet;

export interface Specification {
  name: string;
  ifcVersion: string[];
  identifier?: string;
  description?: string;
  instructions?: string;
  /** the applicability's occurrence: 1 or more required, 0 optional (or prohibited when maxOccurs is 0) */
  minOccurs: number;
  maxOccurs: number | 'unbounded';
  applicability: Facet[];
  requirements: Facet[];
}

export interface IdsDocument {
  info: {
    title: string;
    copyright?: string;
    version?: string;
    description?: string;
    author?: string;
    date?: string;
    purpose?: string;
    milestone?: string;
  };
  specifications: Specification[];
}

/** How a specification's applicability is used. */
export function specificationUsage(spec: Pick<Specification, 'minOccurs' | 'maxOccurs'>): Cardinality {
  if (spec.maxOccurs === 0) return 'prohibited';
  return spec.minOccurs > 0 ? 'required' : 'optional';
}
