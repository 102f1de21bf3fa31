import { describe } from 'vitest';
import {
  UNITS,
  PUMP,
  checkCases,
  classification,
  entity,
  g,
  ids,
  ifc,
  partOf,
  property,
  restriction,
  single,
  type Case,
} from './rules.testing.ts';

/**
 * The rules of buildingSMART's IDS 1.0 test cases that are not among the fixtures: types, entities, part-of relations and classifications (the other half of the
 * official set), each in a small case of Penstock's own: the same rule, other names and numbers. Verdicts as
 * the official cases give them: pass, fail, or invalid (the IDS is refused before any checking).
 */

/** A pump type with a set 'Duty', typing the pump, which may have a 'Duty' of its own. */
const typed = (typeHead: string, pumpHead?: string) =>
  ifc(`${UNITS}\n${PUMP}
#11=IFCPUMPTYPE(${g(11)},$,'PT',$,$,(#12),$,$,$,.CIRCULATOR.);
#12=IFCPROPERTYSET(${g(12)},$,'Duty',$,(#14));
#13=IFCRELDEFINESBYTYPE(${g(13)},$,$,$,(#7),#11);
#14=${single('Head', `IFCLABEL('${typeHead}')`)};
${
  pumpHead
    ? `#8=IFCPROPERTYSET(${g(8)},$,'Duty',$,(#10));
#9=IFCRELDEFINESBYPROPERTIES(${g(9)},$,$,$,(#7),#8);
#10=${single('Head', `IFCLABEL('${pumpHead}')`)};`
    : ''
}`);
const TYPES: Case[] = [
  [
    'a type checked itself has its own sets',
    ids('IFCPUMPTYPE', property('Duty', 'Head', 'IFCLABEL')),
    typed('High'),
    'pass',
  ],
  [
    'the occurrence inherits the type’s set',
    ids('IFCPUMP', property('Duty', 'Head', 'IFCLABEL', 'High')),
    typed('High'),
    'pass',
  ],
  [
    'the occurrence overrides its type',
    ids('IFCPUMP', property('Duty', 'Head', 'IFCLABEL', 'Low')),
    typed('High', 'Low'),
    'pass',
  ],
  [
    'an occurrence’s override is not the type’s value',
    ids('IFCPUMPTYPE', property('Duty', 'Head', 'IFCLABEL', 'Low')),
    typed('High', 'Low'),
    'fail',
  ],
  [
    "a predefined type inherited from the type (the type's user-defined ElementType)",
    ids('IFCPUMP', entity('IFCPUMP', 'BOOSTER')),
    ifc(`${PUMP}
#11=IFCPUMPTYPE(${g(11)},$,'PT',$,$,$,$,$,'BOOSTER',.USERDEFINED.);
#13=IFCRELDEFINESBYTYPE(${g(13)},$,$,$,(#7),#11);`),
    'pass',
  ],
  [
    'USERDEFINED itself may be asked for',
    ids('IFCPUMP', entity('IFCPUMP', 'USERDEFINED')),
    ifc(`#7=IFCPUMP(${g(7)},$,$,$,'BOOSTER',$,$,$,.USERDEFINED.);`),
    'pass',
  ],
  [
    'a user-defined type matches case sensitively',
    ids('IFCPUMP', entity('IFCPUMP', 'BOOSTER')),
    ifc(`#7=IFCPUMP(${g(7)},$,$,$,'Booster',$,$,$,.USERDEFINED.);`),
    'fail',
  ],
  [
    'IFC2X3: an entity without a predefined type cannot be asked for one (invalid)',
    ids('IFCFLOWMOVINGDEVICE', entity('IFCFLOWMOVINGDEVICE', 'CIRCULATOR'), 'IFC2X3'),
    ifc(`#7=IFCFLOWMOVINGDEVICE(${g(7)},$,$,$,$,$,$,$);`, 'IFC2X3'),
    'invalid',
  ],
  [
    'a subclass is not its superclass: an applicability it can never meet is invalid',
    ids('IFCWALLSTANDARDCASE', entity('IFCWALL')),
    ifc(`#1=IFCWALLSTANDARDCASE(${g(1)},$,$,$,$,$,$,$,$);`),
    'invalid',
  ],
];

const PARTS: Case[] = [
  [
    'the container may be indirect: a part of a whole contained in a space',
    ids('IFCPIPEFITTING', partOf('IFCSPACE', 'IFCRELCONTAINEDINSPATIALSTRUCTURE')),
    ifc(`#1=IFCELEMENTASSEMBLY(${g(1)},$,$,$,$,$,$,$,$,$);
#2=IFCPIPEFITTING(${g(2)},$,$,$,$,$,$,$,$);
#3=IFCRELAGGREGATES(${g(3)},$,$,$,#1,(#2));
#4=IFCSPACE(${g(4)},$,$,$,$,$,$,$,$,$,$);
#5=IFCRELCONTAINEDINSPATIALSTRUCTURE(${g(5)},$,$,$,(#1),#4);`),
    'pass',
  ],
  [
    'the container must be related by containment: aggregated into a space is not contained in it',
    ids('IFCPIPEFITTING', partOf('IFCSPACE', 'IFCRELCONTAINEDINSPATIALSTRUCTURE')),
    ifc(`#2=IFCPIPEFITTING(${g(2)},$,$,$,$,$,$,$,$);
#4=IFCSPACE(${g(4)},$,$,$,$,$,$,$,$,$,$);
#5=IFCRELAGGREGATES(${g(5)},$,$,$,#4,(#2));`),
    'fail',
  ],
  [
    'an aggregate whole is found through the spatial decomposition, not through containment',
    ids('IFCPIPEFITTING', partOf('IFCBUILDING', 'IFCRELAGGREGATES')),
    ifc(`#1=IFCSPACE(${g(1)},$,$,$,$,$,$,$,$,$,$);
#2=IFCPIPEFITTING(${g(2)},$,$,$,$,$,$,$,$);
#3=IFCRELAGGREGATES(${g(3)},$,$,$,#1,(#2));
#4=IFCBUILDING(${g(4)},$,$,$,$,$,$,$,$,$,$,$);
#5=IFCRELCONTAINEDINSPATIALSTRUCTURE(${g(5)},$,$,$,(#1),#4);`),
    'fail',
  ],
  [
    'a nested whole is not part of itself',
    ids('IFCPUMP', partOf('IFCPUMP', 'IFCRELNESTS')),
    ifc(`${PUMP}
#8=IFCFLOWMETER(${g(8)},$,$,$,$,$,$,$,$);
#9=IFCRELNESTS(${g(9)},$,$,$,#7,(#8));`),
    'fail',
  ],
  [
    "a nest's whole matches its user-defined type",
    ids('IFCFLOWMETER', partOf('IFCPUMP', 'IFCRELNESTS', 'SKID')),
    ifc(`#7=IFCPUMP(${g(7)},$,$,$,'SKID',$,$,$,.USERDEFINED.);
#8=IFCFLOWMETER(${g(8)},$,$,$,$,$,$,$,$);
#9=IFCRELNESTS(${g(9)},$,$,$,#7,(#8));`),
    'pass',
  ],
  [
    'a group is matched by its exact entity (an inventory is not asked for as a group)',
    ids('IFCPUMP', partOf('IFCGROUP', 'IFCRELASSIGNSTOGROUP')),
    ifc(`${PUMP}
#8=IFCINVENTORY(${g(8)},$,$,$,$,$,$,$,$,$,$);
#9=IFCRELASSIGNSTOGROUP(${g(9)},$,$,$,(#7),$,#8);`),
    'fail',
  ],
];

/** System 'Uniclass' with 'Pr_65' > 'Pr_65_53' (full: the pump) and 'Ss_50' > 'Ss_50_30' (lightweight: the valve). */
const CLASSIFIED = ifc(`#1=IFCPROJECT(${g(1)},$,$,$,$,$,$,$,$);
#2=IFCCLASSIFICATION($,$,$,'Uniclass',$,$,$);
#3=IFCRELASSOCIATESCLASSIFICATION(${g(3)},$,$,$,(#1),#2);
#10=IFCCLASSIFICATIONREFERENCE($,'Pr_65',$,#2,$,$);
#11=IFCCLASSIFICATIONREFERENCE($,'Pr_65_53',$,#10,$,$);
#12=IFCCLASSIFICATIONREFERENCE($,'Ss_50_30',$,#2,$,$);
#20=IFCPUMP(${g(20)},$,$,$,$,$,$,$,$);
#21=IFCVALVE(${g(21)},$,$,$,$,$,$,$,$);
#22=IFCTANK(${g(22)},$,$,$,$,$,$,$,$);
#30=IFCRELASSOCIATESCLASSIFICATION(${g(30)},$,$,$,(#20),#11);
#31=IFCRELASSOCIATESCLASSIFICATION(${g(31)},$,$,$,(#21),#12);
#40=IFCMATERIAL('Steel',$,$);
#41=IFCEXTERNALREFERENCERELATIONSHIP($,$,#10,(#40));`);
const CLASSIFICATIONS: Case[] = [
  [
    'a full classification matches its parent reference',
    ids('IFCPUMP', classification('Uniclass', 'Pr_65')),
    CLASSIFIED,
    'pass',
  ],
  [
    'a lightweight reference matches only its own value',
    ids('IFCVALVE', classification('Uniclass', 'Ss_50')),
    CLASSIFIED,
    'fail',
  ],
  [
    'a resource classified by an external reference relationship',
    ids('IFCMATERIAL', classification('Uniclass', 'Pr_65')),
    CLASSIFIED,
    'pass',
  ],
  [
    'the project associated with the system itself has it',
    ids('IFCPROJECT', classification('Uniclass')),
    CLASSIFIED,
    'pass',
  ],
  ['an unclassified element fails a system', ids('IFCTANK', classification('Uniclass')), CLASSIFIED, 'fail'],
  [
    'a system pattern',
    ids('IFCVALVE', classification(restriction('string', { pattern: 'Uni.*' }))),
    CLASSIFIED,
    'pass',
  ],
];

describe('IDS 1.0 rules of the official cases not among the fixtures: relations', () => {
  checkCases('types and entities', TYPES);
  checkCases('partOf', PARTS);
  checkCases('classification', CLASSIFICATIONS);
});
