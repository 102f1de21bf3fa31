// The rule check of a Proteus file (rules.ts): element order and children, required attributes, counts,
// numbers, enumerations, unique IDs and references that resolve, node numbers within the connection points
// they name. Runs on the writer's output in the tests; the reader does not need it (it reads loosely).
import {
  COLOUR_ATTRIBUTES,
  ENUMERATIONS,
  NCNAME,
  NUMERIC_ATTRIBUTES,
  PATTERNS,
  PROTEUS_RULES,
  REFERENCE_ATTRIBUTES,
} from './rules.ts';
import { childNamed, parseXml, walk, type XmlElement } from './xml.ts';

export interface RuleProblem {
  /** where: the element path, with the element's ID when it has one */
  at: string;
  message: string;
}

const label = (node: XmlElement) => (node.attrs.ID ? `${node.name}[${node.attrs.ID}]` : node.name);

function checkContent(node: XmlElement, path: string, problems: RuleProblem[]) {
  const rule = PROTEUS_RULES[node.name];
  if (!rule) {
    problems.push({ at: path, message: `<${node.name}> is not an element this check knows` });
    return;
  }
  for (const name of rule.required)
    if (node.attrs[name] === undefined)
      problems.push({ at: path, message: `<${node.name}> needs the attribute ${name}` });
  for (const name of rule.counts ?? [])
    if (node.attrs[name] !== undefined && !/^\d+$/.test(node.attrs[name]!))
      problems.push({ at: path, message: `${name} must be a whole number, not '${node.attrs[name]}'` });
  for (const name of rule.positive ?? [])
    if (node.attrs[name] !== undefined && !/^0*[1-9]\d*$/.test(node.attrs[name]!))
      problems.push({
        at: path,
        message: `${name} must be a whole number of at least 1, not '${node.attrs[name]}'`,
      });
  for (const [name, value] of Object.entries(node.attrs)) {
    if (NUMERIC_ATTRIBUTES.has(name) && !Number.isFinite(Number(value)))
      problems.push({ at: path, message: `${name} must be a number, not '${value}'` });
    else if (node.name === 'Presentation' && COLOUR_ATTRIBUTES.has(name) && !(+value >= 0 && +value <= 1))
      problems.push({ at: path, message: `${name} must be a colour from 0 to 1, not '${value}'` });
    const pattern = PATTERNS[node.name]?.[name];
    if (pattern && !pattern.test(value))
      problems.push({ at: path, message: `${name}='${value}' is not of the schema's form` });
    const allowed = ENUMERATIONS[node.name]?.[name];
    if (allowed && !allowed.includes(value))
      problems.push({ at: path, message: `${name}='${value}' is not one of ${allowed.join(', ')}` });
  }
  let index = 0;
  const children = node.children;
  for (const slot of rule.content) {
    let count = 0;
    while (index < children.length && count < slot.max && slot.names.includes(children[index]!.name)) {
      index += 1;
      count += 1;
    }
    if (count < slot.min)
      problems.push({
        at: path,
        message: `<${node.name}> needs ${slot.min === 1 ? 'a' : `at least ${slot.min}`} <${slot.names.join('|')}>${index < children.length ? ` before <${children[index]!.name}>` : ''}`,
      });
  }
  if (index < children.length) {
    const allowed = rule.content.flatMap((slot) => slot.names);
    const child = children[index]!;
    problems.push({
      at: path,
      message: allowed.includes(child.name)
        ? `<${child.name}> is out of order in <${node.name}> (the order is ${allowed.join(', ')})`
        : `<${child.name}> is not allowed in <${node.name}>${allowed.length ? ` (allowed: ${allowed.join(', ')})` : ' (it has no children)'}`,
    });
  }
  for (const child of children) checkContent(child, `${path}/${label(child)}`, problems);
}

/** The count attributes that must equal what the element holds. */
function checkCounts(root: XmlElement, problems: RuleProblem[]) {
  for (const node of walk(root)) {
    const expect = (attr: string, actual: number) => {
      if (node.attrs[attr] !== undefined && Number(node.attrs[attr]) !== actual)
        problems.push({ at: label(node), message: `${attr}=${node.attrs[attr]} but it holds ${actual}` });
    };
    if (node.name === 'GenericAttributes') expect('Number', node.children.length);
    if (node.name === 'CenterLine')
      expect('NumPoints', node.children.filter((c) => c.name === 'Coordinate').length);
    if (node.name === 'ConnectionPoints') {
      const nodes = node.children.filter((c) => c.name === 'Node').length;
      expect('NumPoints', nodes);
      for (const attr of ['FlowIn', 'FlowOut'])
        if (node.attrs[attr] !== undefined && Number(node.attrs[attr]) >= nodes)
          problems.push({
            at: label(node),
            message: `${attr}=${node.attrs[attr]} names no node (it has ${nodes})`,
          });
    }
    if (node.name === 'Connection' && node.attrs.FromID === undefined && node.attrs.ToID === undefined)
      problems.push({ at: 'Connection', message: '<Connection> names neither FromID nor ToID' });
  }
}

/** Unique IDs, references that resolve, node numbers that exist. */
function checkReferences(root: XmlElement, problems: RuleProblem[]) {
  const byId = new Map<string, XmlElement>();
  for (const node of walk(root)) {
    const id = node.attrs.ID;
    if (id === undefined) continue;
    if (!NCNAME.test(id)) problems.push({ at: label(node), message: `ID '${id}' is not an XML name` });
    if (byId.has(id)) problems.push({ at: label(node), message: `ID '${id}' is used twice` });
    byId.set(id, node);
  }
  for (const node of walk(root))
    for (const attr of REFERENCE_ATTRIBUTES) {
      const ref = node.attrs[attr];
      if (ref === undefined) continue;
      const target = byId.get(ref);
      if (!target) {
        problems.push({ at: label(node), message: `${attr}='${ref}' names no element` });
        continue;
      }
      const nodeAttr = attr === 'FromID' ? 'FromNode' : attr === 'ToID' ? 'ToNode' : null;
      const number = nodeAttr ? node.attrs[nodeAttr] : undefined;
      if (number === undefined) continue;
      const points = childNamed(target, 'ConnectionPoints');
      const count = points ? points.children.filter((c) => c.name === 'Node').length : 0;
      if (Number(number) >= count)
        problems.push({ at: label(node), message: `${nodeAttr}=${number} but '${ref}' has ${count} nodes` });
    }
}

/** What is wrong with a Proteus document's element tree against the rules (none: it passes). */
export function checkProteus(root: XmlElement): RuleProblem[] {
  const problems: RuleProblem[] = [];
  if (root.name !== 'PlantModel')
    return [{ at: root.name, message: `The root element is <${root.name}>, not <PlantModel>` }];
  checkContent(root, 'PlantModel', problems);
  checkCounts(root, problems);
  checkReferences(root, problems);
  return problems;
}

/** The rule check of a file's text (a syntax error is thrown as XmlSyntaxError). */
export function checkProteusXml(xml: string): RuleProblem[] {
  return checkProteus(parseXml(xml));
}
