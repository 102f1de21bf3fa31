import type { Issue } from '@penstock/shared';
import {
  PANEL_MIN_HEIGHT,
  PANEL_MIN_WIDTH,
  initialPanelBox,
  useFloatingPanel,
} from '../../properties/hooks/useFloatingPanel.ts';
import { issueHref } from '../api.ts';
import { STATUS_LABELS } from './format.ts';

/** The floating panel of a selected issue pin (spec §2: titled 'Issue'; title, status, link to the issue). */
export function IssuePanel({
  issue,
  areaWidth,
  onClose,
}: {
  issue: Issue;
  areaWidth: number;
  onClose: () => void;
}) {
  const { box, handlers } = useFloatingPanel(() => ({ ...initialPanelBox(areaWidth), height: 200 }));
  return (
    <div
      className="props-panel shadow"
      role="dialog"
      aria-labelledby="issue-panel-title"
      style={{
        left: box.x,
        top: box.y,
        width: box.width,
        height: box.height,
        minWidth: PANEL_MIN_WIDTH,
        minHeight: PANEL_MIN_HEIGHT,
      }}
    >
      <div className="props-panel-header" {...handlers('move')}>
        <h2 id="issue-panel-title" className="h6 mb-0">
          Issue
        </h2>
        <button type="button" className="btn-close" aria-label="Close issue" onClick={onClose} />
      </div>
      <div className="props-panel-body">
        <table className="table table-sm props-table mb-2">
          <tbody>
            <tr>
              <th scope="row">Title</th>
              <td data-testid="issue-panel-title">{issue.title}</td>
            </tr>
            <tr>
              <th scope="row">Status</th>
              <td data-testid="issue-panel-status">
                {STATUS_LABELS[issue.status]} <code className="small">({issue.statusKey})</code>
              </td>
            </tr>
          </tbody>
        </table>
        <a href={issueHref(issue.projectId, issue.id)} target="_blank" rel="noopener noreferrer">
          Open issue
        </a>
      </div>
      <div className="props-panel-resize" aria-hidden="true" {...handlers('resize')} />
    </div>
  );
}
