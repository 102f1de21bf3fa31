import 'vitest-canvas-mock';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TrainingContent, TrainingItem } from '@penstock/shared';
import { App } from '../App.tsx';
import { mockFetch } from '../../test/fetchMock.ts';
import { configRoutes, signedInRoutes } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ViewerEngineProvider } from '../../features/viewer/engine.tsx';
import { fakeEngine, fakePdfViewer } from '../../features/viewer/test/fakeViewers.ts';

const item = (tag: string, format: string, url: string): TrainingItem => ({
  id: `t.${tag}`,
  trainingTitle: `Course ${tag}`,
  roleData: {},
  trainingData: {
    format: format as TrainingItem['trainingData']['format'],
    time: '10 mins',
    tag,
    url,
    completed: 'false',
    added: 'false',
  },
});

const content: TrainingContent = {
  roles: [],
  trainingContent: [
    item('handout', 'PDF', '/api/training/material/handout'),
    item('slides', 'PowerPoint', '/api/training/material/slides'),
    item('film', 'Video', '/api/training/material/film'),
    item('novideo', 'Video', ''),
    item('outside', 'Other', 'https://example.com/course'),
  ],
};

function open(path: string, engine = fakeEngine()) {
  renderWithProviders(
    <ViewerEngineProvider engine={engine}>
      <App />
    </ViewerEngineProvider>,
    { path },
  );
  return engine;
}

describe('training content routes (/training/{tag})', () => {
  it('embeds a PDF course in Penstock’s PDF viewer', async () => {
    mockFetch({ ...signedInRoutes(), '/api/training/gettrainingcontent': { json: content } });
    const pdf = fakePdfViewer(4);
    const engine = open('/training/handout', fakeEngine(undefined, pdf));
    expect(await screen.findByRole('heading', { level: 1, name: 'Course handout' })).toBeInTheDocument();
    await waitFor(() => expect(pdf.open).toHaveBeenCalledWith('/api/training/material/handout'));
    expect(engine.createPdfViewer).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Page 1 of 4')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Training' })).toHaveAttribute('href', '/training');
  });

  it('shows a PowerPoint course in a frame and a Video course in an mp4 player', async () => {
    mockFetch({ ...signedInRoutes(), '/api/training/gettrainingcontent': { json: content } });
    open('/training/slides');
    const frame = await screen.findByTitle('Course slides');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', '/api/training/material/slides');
  });

  it('plays a Video course, and says clearly when the video is not available', async () => {
    mockFetch({ ...signedInRoutes(), '/api/training/gettrainingcontent': { json: content } });
    open('/training/film');
    const video = await screen.findByTestId('training-video');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', '/api/training/material/film');
    fireEvent.error(video);
    expect(await screen.findByText('Video not available')).toBeInTheDocument();
  });

  it('says so when a Video course has no material stored', async () => {
    mockFetch({ ...signedInRoutes(), '/api/training/gettrainingcontent': { json: content } });
    open('/training/novideo');
    expect(await screen.findByText('Video not available')).toBeInTheDocument();
    expect(screen.queryByTestId('training-video')).not.toBeInTheDocument();
  });

  it('links a course of format Other out in a new tab', async () => {
    mockFetch({ ...signedInRoutes(), '/api/training/gettrainingcontent': { json: content } });
    open('/training/outside');
    const link = await screen.findByRole('link', { name: /Open it in a new tab/ });
    expect(link).toHaveAttribute('href', 'https://example.com/course');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('redirects a tag that is not in the content list, and a visitor who is not signed in, to /', async () => {
    mockFetch({ ...signedInRoutes(), '/api/training/gettrainingcontent': { json: content } });
    open('/training/nothing-here');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('sends a signed-out visitor to sign in', async () => {
    mockFetch({ ...configRoutes(), '/api/user': { status: 401, error: 'Not signed in' } });
    open('/training/handout');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
