import type { Issue } from '@penstock/shared';
import { initialPanelBox } from '../../../components/useFloatingPanel.ts';
import { FloatingPanel } from '../../../components/FloatingPanel.tsx';
import { issueHref } from '../api.ts';
import { STATUS_LABELS } from './format.ts';

/** The floating panel of a selected issue pin (spec §2: titled 'Issue'; title, status, link to the issue). */
export function IssuePanel({
  issue,
  objectTag = null,
  areaWidth,
  onClose,
}: {
  issue: Issue;
  /** the tag of the pinned object ('' for an object without one; null: no object found) */
  objectTag?: string | null;
  areaWidth: number;
  onClose: () => void;
}) {
  return (
    <FloatingPanel
      id="issue-panel"
      title="Issue"
      closeLabel="Close issue"
      onClose={onClose}
      initial={() => ({ ...initialPanelBox(areaWidth), height: issue.snapshot ? 340 : 200 })}
    >
      {issue.snapshot && (
        <img
          src={issue.snapshot}
          alt={`The view of “${issue.title}”`}
          className="issue-panel-snapshot rounded border mb-2"
        />
      )}
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
          {objectTag !== null && (
            <tr>
              <th scope="row">Object</th>
              <td data-testid="issue-panel-object">{objectTag || '(no tag)'}</td>
            </tr>
          )}
        </tbody>
      </table>
      <a href={issueHref(issue.projectId, issue.id)} target="_blank" rel="noopener noreferrer">
        Open issue
      </a>
    </FloatingPanel>
  );
}
