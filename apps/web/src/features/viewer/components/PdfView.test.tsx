import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/render.tsx';
import { ViewerEngineProvider } from '../engine.tsx';
import { fakeEngine, fakeModelViewer, fakePdfViewer } from '../test/fakeViewers.ts';
import { PdfView, pageNames } from './PdfView.tsx';

const viewables = [0, 1, 2].map((page) => ({
  guid: `g${page}`,
  name: `Page ${page + 1}`,
  role: '2d' as const,
  page,
}));

function renderPdf() {
  const pdf = fakePdfViewer(3);
  renderWithProviders(
    <ViewerEngineProvider engine={fakeEngine(fakeModelViewer(), pdf)}>
      <PdfView contentUrl="/api/versions/v.1/content" viewables={viewables} />
    </ViewerEngineProvider>,
  );
  return pdf;
}

const current = () => screen.getByRole('button', { current: 'page' }).textContent;

describe('PDF view', () => {
  it('names pages from the viewables, else Page n', () => {
    expect(pageNames(viewables, 3)).toEqual(['Page 1', 'Page 2', 'Page 3']);
    expect(pageNames([], 2)).toEqual(['Page 1', 'Page 2']);
  });

  it('lists the pages; clicking one loads it', async () => {
    const pdf = renderPdf();
    await screen.findByText('Page 1 of 3');
    expect(pdf.open).toHaveBeenCalledWith('/api/versions/v.1/content');
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(pdf.showPage).toHaveBeenLastCalledWith(2);
    expect(current()).toBe('Page 3');
  });

  it('moves by one page with Previous and Next and stays within the range', async () => {
    const pdf = renderPdf();
    await screen.findByText('Page 1 of 3');
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(previous).toBeDisabled();
    await userEvent.click(next);
    await userEvent.click(next);
    expect(pdf.showPage.mock.calls.map(([index]) => index)).toEqual([1, 2]);
    expect(next).toBeDisabled();
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    await userEvent.click(previous);
    expect(pdf.showPage).toHaveBeenLastCalledWith(1);
    expect(current()).toBe('Page 2');
  });

  it('hides and shows the page list (the side pane)', async () => {
    renderPdf();
    await screen.findByText('Page 1 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Pages' }));
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });
});
