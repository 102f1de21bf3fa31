import { describe, expect, it } from 'vitest';
import { exportComment } from './bcf.export.ts';
import { decideTopic } from './bcf.mapping.ts';
import { formatStoredBcf, parseStoredBcf, viewpointCommentText } from './bcf.stored.ts';
import type { BcfTopic } from './bcf.types.ts';

const topic = (dates: Partial<Pick<BcfTopic, 'creationDate' | 'modifiedDate'>>): BcfTopic => ({
  guid: '7d1f0c3a-2b4e-4f60-9a1b-3c5d7e9f1a2b',
  topicType: '',
  topicStatus: '',
  title: 'T',
  description: '',
  creationDate: '',
  creationAuthor: '',
  modifiedDate: null,
  assignedTo: null,
  dueDate: null,
  comments: [],
  viewpoints: [],
  ...dates,
});

describe('a re-imported topic and a newer change in Penstock', () => {
  it('updates the issue only when the topic changed after it', () => {
    const modified = topic({ creationDate: '2026-01-01T00:00:00Z', modifiedDate: '2026-02-01T00:00:00Z' });
    expect(decideTopic(modified, '2026-01-15T00:00:00.000Z')).toEqual({ kind: 'update' });
    expect(decideTopic(modified, '2026-02-01T00:00:00.000Z')).toEqual({ kind: 'unchanged' });
    expect(decideTopic(modified, '2026-03-01T09:30:00.000Z')).toEqual({
      kind: 'skipped',
      reason:
        'Changed in Penstock on 2026-03-01T09:30:00.000Z, after the topic’s ModifiedDate 2026-02-01T00:00:00.000Z',
    });
  });

  it('uses the CreationDate when there is no ModifiedDate, and skips a topic with neither', () => {
    const created = topic({ creationDate: '2026-01-01T00:00:00' });
    expect(decideTopic(created, '2025-12-31T23:59:59.999Z')).toEqual({ kind: 'update' });
    expect(decideTopic(created, '2026-01-02T00:00:00.000Z')).toMatchObject({
      kind: 'skipped',
      reason: expect.stringContaining('after the topic’s CreationDate 2026-01-01T00:00:00.000Z'),
    });
    expect(decideTopic(topic({ creationDate: 'soon' }), '2020-01-01T00:00:00.000Z')).toMatchObject({
      kind: 'skipped',
      reason: expect.stringContaining('no ModifiedDate or CreationDate'),
    });
  });
});

describe('comments with a viewpoint', () => {
  const viewpoints = [
    { guid: 'v1', camera: null, selection: [] },
    { guid: 'v2', camera: null, selection: [] },
  ];
  const comment = (id: string, body: string) => ({
    id,
    authorId: null,
    author: 'Grace',
    body,
    createdAt: '2026-01-01T00:00:00.000Z',
  });

  it('export an imported comment with its BCF Guid and viewpoint, and without the placeholder text', () => {
    const refs = [
      { id: 'c.1', guid: 'g-1', viewpoint: 'v2' },
      { id: 'c.2', guid: 'g-2', viewpoint: 'v1' },
      { id: 'c.3', guid: 'g-3', viewpoint: 'gone' },
    ];
    expect(exportComment(comment('c.1', '(viewpoint 2 of 2)'), refs, viewpoints, 'g@x')).toEqual({
      guid: 'g-1',
      date: '2026-01-01T00:00:00.000Z',
      author: 'g@x',
      comment: '',
      viewpointGuid: 'v2',
    });
    expect(exportComment(comment('c.2', 'See here'), refs, viewpoints, 'g@x')).toMatchObject({
      comment: 'See here',
      viewpointGuid: 'v1',
    });
    // a viewpoint no longer kept is not pointed at, and the text stays
    expect(exportComment(comment('c.3', '(viewpoint)'), refs, viewpoints, 'g@x')).toMatchObject({
      comment: '(viewpoint)',
      viewpointGuid: null,
    });
    expect(
      exportComment(comment('c.0f3c2a8e-1111-4222-8333-444455556666', 'Mine'), refs, viewpoints, 'g@x'),
    ).toMatchObject({ guid: '0f3c2a8e-1111-4222-8333-444455556666', viewpointGuid: null });
  });

  it('are shown as "(viewpoint)" and kept with the stored viewpoints', () => {
    expect(viewpointCommentText('v1', viewpoints.slice(0, 1))).toBe('(viewpoint)');
    expect(viewpointCommentText('v2', viewpoints)).toBe('(viewpoint 2 of 2)');
    expect(viewpointCommentText('elsewhere', viewpoints)).toBe('(viewpoint)');
    expect(formatStoredBcf([], [])).toBeNull();
    const text = formatStoredBcf(viewpoints, [{ id: 'c.1', guid: 'g', viewpoint: 'v1' }]);
    expect(parseStoredBcf(text)).toEqual({
      viewpoints,
      comments: [{ id: 'c.1', guid: 'g', viewpoint: 'v1' }],
      labels: [],
    });
    // what earlier imports stored (viewpoints only) still reads
    expect(parseStoredBcf(JSON.stringify({ version: 1, viewpoints }))).toEqual({
      viewpoints,
      comments: [],
      labels: [],
    });
    expect(parseStoredBcf('{"version":2}')).toEqual({ viewpoints: [], comments: [], labels: [] });
  });
});
