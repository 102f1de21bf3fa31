import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { idsGateMessage, type WorkflowIdsSummary } from '@penstock/shared';
import { IdsReviewSummary } from './IdsReviewSummary.tsx';

const summary = (extra: Partial<WorkflowIdsSummary>): WorkflowIdsSummary => ({
  versionId: 'v.1',
  gate: 'refuse',
  gated: true,
  state: 'fail',
  checks: [
    {
      checkId: 'ic.1',
      idsFileName: 'Water asset data.ids',
      status: 'done',
      pass: false,
      error: null,
      requiredFailed: [
        { index: 1, name: 'Pumps have a duty flow', failed: 3 },
        { index: 4, name: 'Valves carry a tag', failed: 1 },
      ],
      prohibitedFailed: [{ index: 6, name: 'No proxies', failed: 2 }],
    },
  ],
  message: idsGateMessage(2, true, 1),
  ...extra,
});

describe("the Complete Review dialog's information requirements", () => {
  it('lists the failing required specifications with the gate message and links to the failures', async () => {
    const show = vi.fn();
    render(<IdsReviewSummary summary={summary({})} onShowFailures={show} />);
    expect(
      screen.getByText(
        'This model fails 2 required information specifications and 1 prohibited information specification: it cannot be published with an A suitability code until they pass',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/Pumps have a duty flow: 3 failing objects/)).toBeInTheDocument();
    expect(screen.getByText(/No proxies: 2 prohibited objects/)).toBeInTheDocument();
    expect(screen.getByText(/Valves carry a tag: 1 failing object\b/)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveClass('alert-danger');
    await userEvent.click(screen.getByRole('button', { name: 'Show the failures in the model' }));
    expect(show).toHaveBeenCalled();
  });

  it('warns without refusing, says when it passes, and shows nothing without an IDS', () => {
    const { rerender, container } = render(
      <IdsReviewSummary summary={summary({ gate: 'warn', message: idsGateMessage(2, false) })} />,
    );
    expect(screen.getByRole('alert')).toHaveClass('alert-warning');
    rerender(<IdsReviewSummary summary={summary({ state: 'pass', message: null })} />);
    expect(
      screen.getByText(/the model passes every specification of Water asset data.ids/),
    ).toBeInTheDocument();
    rerender(<IdsReviewSummary summary={summary({ state: 'none', checks: [] })} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<IdsReviewSummary summary={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
