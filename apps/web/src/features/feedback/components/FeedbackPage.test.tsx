import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FEEDBACK_MESSAGES, type CurrentUser, type FeedbackItem } from '@penstock/shared';
import { calls, mockFetch, type Reply, type Routes } from '../../../test/fetchMock.ts';
import { signedInRoutes, user } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';

const reviewer: CurrentUser = { ...user, id: 'u9', name: 'Rita Reviewer', roles: ['feedback_reviewer'] };
const id = (n: number) => `f.00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const item = (n: number, extra: Partial<FeedbackItem> = {}): FeedbackItem => ({
  Id: id(n),
  Feature: 'Project Viewer',
  User: 'Erin Walsh',
  Feedback: `Feedback ${n}`,
  Comment: '',
  IsFaq: false,
  IsCritical: false,
  CreatedAt: '2026-11-20T10:00:00.000Z',
  Version: 1,
  ...extra,
});
const faq = item(1, {
  Feedback: 'How do I hide a <b>storey</b>?',
  Comment: 'Use the model tree.',
  IsFaq: true,
  Version: 2,
});

type Sent = { url: string; fields: Record<string, string> }[];
/** A responder that keeps the multipart fields posted. */
const record =
  (sent: Sent, url: string, reply: Reply) =>
  (init: RequestInit | undefined): Reply => {
    const fields: Record<string, string> = {};
    if (init?.body instanceof FormData) init.body.forEach((value, key) => (fields[key] = String(value)));
    sent.push({ url, fields });
    return reply;
  };

function setup(
  currentUser: CurrentUser | null,
  items: FeedbackItem[],
  routes: (sent: Sent) => Routes = () => ({}),
) {
  const sent: Sent = [];
  const fetchMock = mockFetch({
    ...signedInRoutes(currentUser ?? user),
    ...(currentUser ? {} : { '/api/user': { status: 401, error: 'Not signed in' } }),
    'POST /api/getfeedback': { json: items },
    ...routes(sent),
  });
  // through the app: the shell asks who is signed in (the public shell when nobody is)
  renderApp({ path: '/feedback' });
  return { fetchMock, sent };
}

describe('the feedback page', () => {
  it('asks a signed-out visitor to sign in, linking to /', async () => {
    const { fetchMock } = setup(null, []);
    const link = await screen.findByRole('link', { name: 'HERE' });
    expect(link).toHaveAttribute('href', '/');
    expect(link.parentElement).toHaveTextContent(/^Please login HERE to provide feedback$/);
    expect(screen.getByRole('heading', { level: 1, name: 'Feedback' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain('POST /api/getfeedback');
    // the page does not ask again who is signed in (that would send the shell back to waiting, in a loop)
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls(fetchMock).filter((call) => call === 'GET /api/user')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'HERE' })).toBeInTheDocument();
  });

  it('shows the FAQ as text, with the answer, and no review table to other users', async () => {
    setup(user, [faq]);
    const question = await screen.findByText('How do I hide a <b>storey</b>?');
    expect(document.querySelector('.feedback-faq b')).toBeNull();
    await userEvent.click(question);
    expect(await screen.findByText('Use the model tree.')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Review Feedback' })).not.toBeInTheDocument();
  });

  it('checks the form, then sends the feedback JSON-encoded and says it was submitted', async () => {
    const { sent } = setup(user, [], (sent) => ({
      'POST /api/savefeedback': record(sent, 'savefeedback', { status: 201, json: item(5) }),
    }));
    await screen.findByText('No frequently asked questions yet.');
    const submit = screen.getByRole('button', { name: 'Submit' });
    await userEvent.click(submit);
    expect(screen.getByText(FEEDBACK_MESSAGES.invalid)).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Feature'), 'Standard Designs');
    await userEvent.click(submit);
    expect(screen.getByText(FEEDBACK_MESSAGES.invalid)).toBeInTheDocument();
    expect(sent).toEqual([]);

    expect(
      within(screen.getByLabelText('Feature'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Select a feature',
      'CAD/Data Management',
      'Project Viewer',
      'Penstock Docs',
      'Standard Designs',
      'Other',
    ]);
    await userEvent.type(screen.getByLabelText('Feedback'), 'More kiosk symbols please');
    await userEvent.click(submit);
    expect(await screen.findByText(FEEDBACK_MESSAGES.submitted)).toBeInTheDocument();
    expect(sent).toEqual([
      {
        url: 'savefeedback',
        fields: {
          Feature: '"Standard Designs"',
          User: '"Ada Lovelace"',
          Feedback: '"More kiosk symbols please"',
        },
      },
    ]);
    expect(screen.getByLabelText('Feedback')).toHaveValue('');
  });

  it('lets a reviewer flag, answer and delete rows, and saves only the changes', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { sent } = setup(reviewer, [item(3), item(2, { IsCritical: true }), faq], (sent) => ({
      'POST /api/savefeedbackcomment': record(sent, 'review', {
        json: { updated: 1, deleted: 1, unchanged: 0, notInList: 1 },
      }),
    }));
    const table = await screen.findByRole('table', { name: 'Review Feedback' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Feature', 'User', 'Feedback', 'Comment', 'FAQ', 'Critical', 'Delete']);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    // a FAQ needs an answer before it is sent
    await userEvent.click(screen.getByLabelText("FAQ: 'Feedback 3'"));
    await userEvent.click(save);
    expect(screen.getByText(FEEDBACK_MESSAGES.faqNeedsAnswer)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.type(screen.getByLabelText("Comment on 'Feedback 3'"), 'Planned for the next release');
    await userEvent.selectOptions(screen.getByLabelText("Feature of 'Feedback 3'"), 'Penstock Docs');
    await userEvent.click(screen.getByRole('button', { name: "Delete 'Feedback 2'" }));
    expect(window.confirm).toHaveBeenCalledWith(FEEDBACK_MESSAGES.deleteConfirm);
    expect(within(table).queryByText('Feedback 2')).not.toBeInTheDocument();
    expect(screen.getByText('Unsaved: 1 changed, 1 deleted')).toBeInTheDocument();

    await userEvent.click(save);
    expect(await screen.findByText(FEEDBACK_MESSAGES.saved)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.fields.Data!)).toEqual([
      {
        Id: id(3),
        Feature: 'Penstock Docs',
        Comment: 'Planned for the next release',
        IsFaq: true,
        IsCritical: false,
        Version: 1,
      },
    ]);
    expect(JSON.parse(sent[0]!.fields.Deleted!)).toEqual([id(2)]);
    await waitFor(() => expect(screen.getByText('No unsaved changes')).toBeInTheDocument());
  });

  it('keeps the row when the reviewer cancels the delete, and shows a refused save', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    setup(reviewer, [item(3)], () => ({
      'POST /api/savefeedbackcomment': { status: 409, error: FEEDBACK_MESSAGES.staleList },
    }));
    await screen.findByRole('table', { name: 'Review Feedback' });
    await userEvent.click(screen.getByRole('button', { name: "Delete 'Feedback 3'" }));
    expect(screen.getByText('Feedback 3')).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText("Critical: 'Feedback 3'"));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(`The review was not saved: ${FEEDBACK_MESSAGES.staleList}`),
    ).toBeInTheDocument();
    expect(screen.getByText('Unsaved: 1 changed, 0 deleted')).toBeInTheDocument();
  });
});
