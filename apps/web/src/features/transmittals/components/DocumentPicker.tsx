import { isFolderNode, type StructureNode } from '@penstock/shared';

/** The project's files under their folders, each with a check box, its revision and suitability. */
export function DocumentPicker({
  nodes,
  chosen,
  onToggle,
}: {
  nodes: readonly StructureNode[];
  chosen: ReadonlySet<string>;
  onToggle: (versionId: string) => void;
}) {
  return (
    <ul className="list-unstyled mb-0 ps-3">
      {nodes.map((node) =>
        isFolderNode(node) ? (
          <li key={node.Id}>
            <span className="small fw-semibold">{node.Name}</span>
            {node.NestedObjects.length > 0 && (
              <DocumentPicker nodes={node.NestedObjects} chosen={chosen} onToggle={onToggle} />
            )}
          </li>
        ) : node.VersionId ? (
          <li key={node.Id} className="form-check small">
            <input
              id={`pick-${node.VersionId}`}
              type="checkbox"
              className="form-check-input"
              checked={chosen.has(node.VersionId)}
              onChange={() => onToggle(node.VersionId!)}
            />
            <label className="form-check-label" htmlFor={`pick-${node.VersionId}`}>
              {node.Name}
            </label>
            <span className="text-body-secondary ms-2">
              {[node.Revision, node.Suitability].filter(Boolean).join(' · ')}
            </span>
          </li>
        ) : null,
      )}
    </ul>
  );
}
