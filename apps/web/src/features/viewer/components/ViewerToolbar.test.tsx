import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ViewerToolbar, type ViewerToolbarProps } from './ViewerToolbar.tsx';

const base: ViewerToolbarProps = {
  fullscreen: false,
  onFullscreen: () => undefined,
  onFit: () => undefined,
  hazardsActive: false,
  hazardCount: 2,
  onHazards: () => undefined,
  issuesHref: null,
  onIssues: () => undefined,
  tooltipActive: true,
  onTooltip: () => undefined,
};

/** The toolbar with its toggles kept in state, as ModelView does. */
function Stateful() {
  const [fullscreen, setFullscreen] = useState(false);
  const [markup, setMarkup] = useState(false);
  return (
    <ViewerToolbar
      {...base}
      fullscreen={fullscreen}
      onFullscreen={() => setFullscreen(!fullscreen)}
      markupActive={markup}
      onMarkup={() => setMarkup(!markup)}
      onViews={() => undefined}
    />
  );
}

describe('viewer toolbar', () => {
  it('toggles the markup tools, honestly titled', async () => {
    render(<Stateful />);
    const markup = screen.getByRole('button', { name: 'Markup tools' });
    expect(markup).toHaveAttribute('title', 'Draw markups over the view and open the Markup Panel');
    expect(markup).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(markup);
    expect(markup).toHaveAttribute('aria-pressed', 'true');
    expect(markup).toHaveClass('btn-primary');
    await userEvent.click(markup);
    expect(markup).toHaveAttribute('aria-pressed', 'false');
  });

  it('toggles full screen between the expand and compress icons', async () => {
    render(<Stateful />);
    const fullscreen = screen.getByRole('button', { name: 'Fullscreen' });
    expect(fullscreen).toHaveAttribute('title', 'Full screen');
    const expandIcon = fullscreen.innerHTML;
    await userEvent.click(fullscreen);
    expect(fullscreen).toHaveAttribute('aria-pressed', 'true');
    expect(fullscreen).toHaveAttribute('title', 'Exit full screen');
    expect(fullscreen.innerHTML).not.toBe(expandIcon);
    await userEvent.click(fullscreen);
    expect(fullscreen).toHaveAttribute('aria-pressed', 'false');
    expect(fullscreen.innerHTML).toBe(expandIcon);
  });

  it('shows Views and the markup toggle only when wired', () => {
    const onViews = vi.fn();
    const { rerender } = render(<ViewerToolbar {...base} />);
    expect(screen.queryByRole('button', { name: 'Views' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Markup tools' })).not.toBeInTheDocument();
    rerender(<ViewerToolbar {...base} onViews={onViews} viewsOpen />);
    expect(screen.getByRole('button', { name: 'Views' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the panel buttons only when given (desktop widths; Upload for members)', async () => {
    const { rerender } = render(<ViewerToolbar {...base} />);
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Automatic Documentation' })).not.toBeInTheDocument();
    const onUpload = vi.fn();
    rerender(
      <ViewerToolbar {...base} onUpload={onUpload} uploadOpen onAutomaticDocumentation={() => undefined} />,
    );
    expect(screen.getByRole('button', { name: 'Upload' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Automatic Documentation' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(onUpload).toHaveBeenCalledOnce();
  });

  it('shows further tools given as children at the end (Workflow, Review, Approve)', () => {
    render(
      <ViewerToolbar {...base}>
        <button type="button">Workflow</button>
      </ViewerToolbar>,
    );
    const toolbar = screen.getByRole('toolbar', { name: 'Viewer tools' });
    expect(toolbar.lastElementChild).toHaveTextContent('Workflow');
  });
});
