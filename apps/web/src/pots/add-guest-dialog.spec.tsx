import { screen } from '@testing-library/react';

import { POT_ID } from '../test/factories';
import { json, mockFetch, pathOf, problem } from '../test/fetch-mock';
import { fill } from '../test/fill';
import { renderInApp } from '../test/render';
import { AddGuestDialog } from './add-guest-dialog';

const renderDialog = (onClose = jest.fn()) =>
  renderInApp(<AddGuestDialog potId={POT_ID} onClose={onClose} />);

describe('AddGuestDialog', () => {
  it('adds a guest by name and optional e-mail, and closes', async () => {
    const fetchMock = mockFetch(() =>
      json(
        { id: POT_ID, userId: null, name: 'Sam', email: '', role: 'guest', joinedAt: '2026-11-26T10:00:00Z' },
        201,
      ),
    );
    const onClose = jest.fn();
    const { user } = renderDialog(onClose);

    await fill(user, 'Name', ' Sam ');
    await user.click(screen.getByRole('button', { name: 'Add guest' }));

    expect(await screen.findByText('Sam can now share expenses.')).toBeVisible();
    expect(onClose).toHaveBeenCalled();
    const [request] = fetchMock.requests;
    expect(request.method).toBe('POST');
    expect(pathOf(request)).toBe(`/api/pots/${POT_ID}/guests`);
    expect(await request.json()).toEqual({ name: 'Sam' });
  });

  it('asks for a name and a valid e-mail before sending anything', async () => {
    const fetchMock = mockFetch(() => json({}, 201));
    const { user } = renderDialog();

    await fill(user, 'Email (optional)', 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Add guest' }));

    expect(await screen.findByText("Please enter the guest's name.")).toBeVisible();
    expect(await screen.findByText('Please enter a valid email address.')).toBeVisible();
    expect(fetchMock.spy).not.toHaveBeenCalled();
  });

  it('says why the server refused, and stays open', async () => {
    mockFetch(() =>
      problem(
        409,
        'There is already someone called Sam in this pot. Add the guest with a name that tells them apart.',
        {
          title: 'Already in the pot',
        },
      ),
    );
    const onClose = jest.fn();
    const { user } = renderDialog(onClose);

    await fill(user, 'Name', 'Sam');
    await user.click(screen.getByRole('button', { name: 'Add guest' }));

    expect(await screen.findByText('Already in the pot')).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
  });
});
