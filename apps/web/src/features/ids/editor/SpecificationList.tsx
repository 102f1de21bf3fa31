import type { Dispatch } from 'react';
import { FaArrowDown, FaArrowUp, FaCopy, FaPlus, FaTrashCan } from 'react-icons/fa6';
import type { Specification } from '@penstock/ids/document';
import type { EditorProblem } from './editorChecks.ts';
import { USAGE_LABELS, specificationUsage, type IdsEditorAction } from './idsEditorState.ts';

/** The editor's left column: 'About this IDS', then the specifications, the chosen one with its tools. */
export function SpecificationList({
  specs,
  selected,
  showInfo,
  problems,
  dispatch,
  onShowInfo,
}: {
  specs: readonly Specification[];
  selected: number;
  showInfo: boolean;
  problems: readonly EditorProblem[];
  dispatch: Dispatch<IdsEditorAction>;
  onShowInfo: (show: boolean) => void;
}) {
  const tool = (label: string, icon: React.ReactNode, action: IdsEditorAction, disabled = false) => (
    <button
      type="button"
      className={`btn btn-light ${label.startsWith('Remove') ? 'text-danger' : ''}`}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={() => dispatch(action)}
    >
      {icon}
    </button>
  );
  const infoProblems = problems.filter((p) => p.specification === null).length;
  return (
    <nav className="ids-editor-nav" aria-label="Specifications">
      <ul className="list-group">
        <li className={`list-group-item p-0 ${showInfo ? 'active' : ''}`}>
          <button
            type="button"
            className="btn btn-link ids-spec-open text-start w-100"
            aria-current={showInfo}
            onClick={() => onShowInfo(true)}
          >
            About this IDS
            {infoProblems > 0 && <span className="badge text-bg-warning ms-1">{infoProblems} to fix</span>}
          </button>
        </li>
      </ul>
      <div className="d-flex align-items-center mt-3 mb-1">
        <h3 className="h6 mb-0 me-auto">Specifications ({specs.length})</h3>
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          onClick={() => {
            dispatch({ type: 'addSpecification' });
            onShowInfo(false);
          }}
        >
          <FaPlus aria-hidden="true" className="me-1" />
          Add
        </button>
      </div>
      <ul className="list-group ids-spec-list">
        {specs.map((spec, index) => {
          const chosen = !showInfo && index === selected;
          const count = problems.filter((p) => p.specification === index).length;
          return (
            <li key={index} className={`list-group-item p-0 ${chosen ? 'active' : ''}`}>
              <button
                type="button"
                className="btn btn-link ids-spec-open text-start w-100"
                aria-current={chosen}
                onClick={() => {
                  dispatch({ type: 'select', index });
                  onShowInfo(false);
                }}
              >
                <span className="d-block text-truncate">{spec.name || '(no name)'}</span>
                <span className="small ids-spec-meta">
                  {USAGE_LABELS[specificationUsage(spec)]} · {spec.requirements.length} requirement
                  {spec.requirements.length === 1 ? '' : 's'}
                  {count > 0 && <span className="badge text-bg-warning ms-1">{count} to fix</span>}
                </span>
              </button>
              {chosen && (
                <div
                  className="btn-group btn-group-sm ids-spec-tools"
                  role="group"
                  aria-label="This specification"
                >
                  {tool(
                    'Move up',
                    <FaArrowUp aria-hidden="true" />,
                    { type: 'moveSpecification', index, by: -1 },
                    index === 0,
                  )}
                  {tool(
                    'Move down',
                    <FaArrowDown aria-hidden="true" />,
                    { type: 'moveSpecification', index, by: 1 },
                    index === specs.length - 1,
                  )}
                  {tool('Duplicate', <FaCopy aria-hidden="true" />, {
                    type: 'duplicateSpecification',
                    index,
                  })}
                  {tool('Remove the specification', <FaTrashCan aria-hidden="true" />, {
                    type: 'removeSpecification',
                    index,
                  })}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
