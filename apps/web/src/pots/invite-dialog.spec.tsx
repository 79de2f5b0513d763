import { screen, waitFor } from '@testing-library/react';

import { POT_ID } from '../test/factories';
import { json, mockFetch, pathOf, problem } from '../test/fetch-mock';
import { fill } from '../test/fill';
import { renderInApp } from '../test/render';
import { InviteDialog } from './invite-dialog';

const INVITE_URL = 'http://localhost:3000/invite/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';

function renderDialog(canInvite = true) {
  return renderInApp(
    <InviteDialog open onClose={jest.fn()} potId={POT_ID} potName="Lisbon trip" canInvite={canInvite} />,
  );
}

describe('InviteDialog', () => {
  it("says 'Missing information' when the name or the e-mail is empty", async () => {
    const fetchMock = mockFetch(() => json({}, 201));
    const { user } = renderDialog();

    await fill(user, 'Name', 'Bob');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('Missing information')).toBeVisible();
    expect(screen.getAllByText('Please enter both name and email.').length).toBeGreaterThan(0);
    expect(fetchMock.spy).not.toHaveBeenCalled();
  });

  it("sends the invitation, shows the link and copies it: 'Invitation sent!', 'Link copied!'", async () => {
    const fetchMock = mockFetch(() =>
      json({ id: 'i1', inviteUrl: INVITE_URL, expiresAt: '2026-03-09T10:00:00Z' }, 201),
    );
    const { user } = renderDialog();

    await fill(user, 'Name', ' Bob Hart ');
    await fill(user, 'Email', 'bob@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('Invitation sent!')).toBeVisible();
    const [request] = fetchMock.requests;
    expect(pathOf(request)).toBe(`/api/pots/${POT_ID}/invitations`);
    expect(await request.json()).toEqual({ name: 'Bob Hart', email: 'bob@example.com' });
    expect((screen.getByLabelText('Invitation link') as HTMLInputElement).value).toBe(INVITE_URL);
    expect(screen.getByText(/Bob Hart can join with this link until 9 Mar 2026/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: /Copy link/ }));
    expect(await screen.findByText('Link copied!')).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe(INVITE_URL);

    await user.click(screen.getByRole('button', { name: 'Invite someone else' }));
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe(''));
  });

  it("shows the server's reason when the invitation is refused", async () => {
    mockFetch(() => problem(403, 'Only the pot owner can invite members.', { title: 'Not allowed' }));
    const { user } = renderDialog();

    await fill(user, 'Name', 'Bob');
    await fill(user, 'Email', 'bob@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('Not allowed')).toBeVisible();
    expect(screen.getByText('Only the pot owner can invite members.')).toBeVisible();
  });

  it('tells a member who is not the owner that only the owner invites', () => {
    renderDialog(false);
    expect(screen.getByText('Only the owner of Lisbon trip can invite people.')).toBeVisible();
    expect(screen.queryByLabelText('Email')).toBeNull();
  });
});
