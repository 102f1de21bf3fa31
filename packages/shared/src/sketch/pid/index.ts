// The P&ID layer of the sketch (issue 37): ports, routing, attachment, splitting, snapping, line styles,
// classes and tags, static properties and the lists. Pure and framework-free, shared by the editor, the
// server and the exchange formats built on it.
export * from './ports.ts';
export * from './routing.ts';
export * from './reroute.ts';
export * from './attachment.ts';
export * from './split.ts';
export * from './snap.ts';
export * from './styles.ts';
export * from './classes.ts';
export * from './tags.ts';
export * from './properties.ts';
export * from './lists.ts';
export * from './labels.ts';
export * from './svgParts.ts';
