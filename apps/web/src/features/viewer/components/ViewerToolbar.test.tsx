import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
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

  it('shows Views, in the Panels menu, and the markup toggle only when wired', async () => {
    const onViews = vi.fn();
    const { rerender } = render(<ViewerToolbar {...base} />);
    expect(screen.queryByRole('button', { name: 'Panels' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Markup tools' })).not.toBeInTheDocument();
    rerender(<ViewerToolbar {...base} onViews={onViews} viewsOpen />);
    const panels = screen.getByRole('button', { name: 'Panels' });
    expect(panels).toHaveClass('btn-primary');
    await userEvent.click(panels);
    expect(screen.getByRole('menuitemcheckbox', { name: 'Views' })).toHaveAttribute('aria-checked', 'true');
  });

  it('shows the panel items only when given (desktop widths; Upload for members)', async () => {
    const { rerender } = render(<ViewerToolbar {...base} onViews={() => undefined} />);
    await userEvent.click(screen.getByRole('button', { name: 'Panels' }));
    expect(screen.queryByRole('menuitemcheckbox', { name: 'Upload' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('menuitemcheckbox', { name: 'Automatic Documentation' }),
    ).not.toBeInTheDocument();
    const onUpload = vi.fn();
    rerender(
      <ViewerToolbar {...base} onUpload={onUpload} uploadOpen onAutomaticDocumentation={() => undefined} />,
    );
    expect(screen.getByRole('menuitemcheckbox', { name: 'Upload' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('menuitemcheckbox', { name: 'Automatic Documentation' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Upload' }));
    expect(onUpload).toHaveBeenCalledOnce();
    // choosing closes the menu and gives the focus back to its button
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Panels' })).toHaveFocus();
  });

  it('keeps the most used tools on the toolbar and the side panels in the Panels menu', () => {
    render(
      <ViewerToolbar
        {...base}
        onMarkup={() => undefined}
        onViews={() => undefined}
        onToggleIssues={() => undefined}
        onPlaceIssue={() => undefined}
        onUpload={() => undefined}
        onAutomaticDocumentation={() => undefined}
        onModelTree={() => undefined}
      />,
    );
    const toolbar = screen.getByRole('toolbar', { name: 'Viewer tools' });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label') ?? button.textContent),
    ).toEqual([
      'Fullscreen',
      'Fit',
      'Isolate Hazards',
      'Asset data tooltip',
      'Markup tools',
      'Issues',
      'Show/Hide issues',
      'Place issue',
      'Panels',
    ]);
  });

  it('opens the Panels menu from the keyboard: Enter, arrows, Space to choose, Escape back to the button', async () => {
    const onModelTree = vi.fn();
    const onUpload = vi.fn();
    render(
      <ViewerToolbar
        {...base}
        onViews={() => undefined}
        onModelTree={onModelTree}
        onUpload={onUpload}
        onAutomaticDocumentation={() => undefined}
      />,
    );
    const panels = screen.getByRole('button', { name: 'Panels' });
    expect(panels).toHaveAttribute('aria-haspopup', 'menu');
    expect(panels).toHaveAttribute('aria-expanded', 'false');
    panels.focus();
    await userEvent.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'Panels' });
    expect(panels).toHaveAttribute('aria-expanded', 'true');
    expect(panels).toHaveAttribute('aria-controls', menu.id);
    expect(screen.getByRole('menuitemcheckbox', { name: 'Views' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemcheckbox', { name: 'Model tree' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('menuitemcheckbox', { name: 'Automatic Documentation' })).toHaveFocus();
    await userEvent.keyboard('{Home}{ArrowDown}');
    await userEvent.keyboard(' ');
    expect(onModelTree).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(panels).toHaveFocus();
    // ArrowDown opens it too; Escape closes it and the focus returns to the button
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemcheckbox', { name: 'Views' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onUpload).toHaveBeenCalledOnce();
    await userEvent.keyboard(' ');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(panels).toHaveFocus();
  });

  it('reaches every tool with Tab, and Enter and Space use them', async () => {
    const onFit = vi.fn();
    const onToggleIssues = vi.fn();
    render(
      <>
        <button type="button">Before</button>
        <ViewerToolbar {...base} onFit={onFit} onToggleIssues={onToggleIssues} onViews={() => undefined} />
      </>,
    );
    screen.getByRole('button', { name: 'Before' }).focus();
    const reached: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      await userEvent.tab();
      const active = document.activeElement as HTMLElement;
      reached.push(active.getAttribute('aria-label') ?? active.textContent ?? '');
    }
    // Issues is disabled here (no issues page), so it is skipped as a browser does
    expect(reached).toEqual([
      'Fullscreen',
      'Fit',
      'Isolate Hazards',
      'Asset data tooltip',
      'Show/Hide issues',
      'Panels',
    ]);
    screen.getByRole('button', { name: 'Fit' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onFit).toHaveBeenCalledOnce();
    screen.getByRole('button', { name: 'Show/Hide issues' }).focus();
    await userEvent.keyboard(' ');
    expect(onToggleIssues).toHaveBeenCalledOnce();
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
