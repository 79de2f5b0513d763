import { fireEvent, screen, waitFor } from '@testing-library/react';

import { AppRoutes } from '../../app/app-routes';
import { aPotDetail, aPotSummary, signedInState } from '../../test/factories';
import { json, mockFetch, pathOf, problem } from '../../test/fetch-mock';
import { fill } from '../../test/fill';
import { renderInApp } from '../../test/render';
import CreatePotPage, { createdMessage, toCreatePotRequest } from './create-pot-page';

const location = () => screen.getByTestId('location').textContent;
// The date field appears once the toggle's new value has reached the form (antd updates watchers async).
const setDate = async (label: string, value: string) =>
  fireEvent.change(await screen.findByLabelText(label), { target: { value } });

describe('CreatePotPage', () => {
  it("requires a name after trimming: 'Please enter a pot name.'", async () => {
    const fetchMock = mockFetch(() => json(aPotDetail(), 201));
    const { user } = renderInApp(<CreatePotPage />, { session: signedInState() });

    await fill(user, 'Pot name', '   ');
    await user.click(screen.getByRole('button', { name: 'Create Pot' }));

    expect(await screen.findByText('Please enter a pot name.')).toBeVisible();
    expect(fetchMock.spy).not.toHaveBeenCalled();
  });

  it('sends the dates only while their toggles are on, then goes to /pot-summary', async () => {
    const fetchMock = mockFetch((request) =>
      request.method === 'POST' ? json(aPotDetail(), 201) : json([aPotSummary()]),
    );
    const { user } = renderInApp(<AppRoutes />, { route: '/create-pot', session: signedInState() });

    await screen.findByLabelText('Pot name');
    await fill(user, 'Pot name', '  Lisbon trip ');
    await fill(user, 'Location', 'Lisbon');
    await user.click(screen.getByRole('switch', { name: 'Set a start date' }));
    await setDate('Start date', '2026-07-01');
    await user.click(screen.getByRole('switch', { name: 'Set an end date' }));
    await setDate('End date', '2026-07-08');
    // The start date is switched off again: it must not be sent.
    await user.click(screen.getByRole('switch', { name: 'Set a start date' }));
    await user.click(screen.getByRole('button', { name: 'Create Pot' }));

    await waitFor(() => expect(location()).toBe('/pot-summary'));
    expect(await screen.findByText('Success!')).toBeVisible();
    // Nobody was listed, so no invitation is promised.
    expect(screen.getByText(`${aPotDetail().name} is ready.`)).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Pot Created Successfully' })).toBeVisible();
    const created = fetchMock.requests.find((request) => request.method === 'POST')!;
    expect(pathOf(created)).toBe('/api/pots');
    expect(await created.json()).toEqual({
      name: 'Lisbon trip',
      location: 'Lisbon',
      endDate: '2026-07-08',
      members: [],
    });
  });

  it('refuses an end date before the start date', async () => {
    const fetchMock = mockFetch(() => json(aPotDetail(), 201));
    const { user } = renderInApp(<CreatePotPage />, { session: signedInState() });

    await fill(user, 'Pot name', 'Trip');
    await user.click(screen.getByRole('switch', { name: 'Set a start date' }));
    await setDate('Start date', '2026-07-08');
    await user.click(screen.getByRole('switch', { name: 'Set an end date' }));
    await setDate('End date', '2026-07-01');
    await user.click(screen.getByRole('button', { name: 'Create Pot' }));

    expect(await screen.findByText('The end date must be on or after the start date.')).toBeVisible();
    expect(fetchMock.spy).not.toHaveBeenCalled();
  });

  it('invites the members listed, and needs both name and e-mail for each', async () => {
    const fetchMock = mockFetch(() => json(aPotDetail(), 201));
    const { user } = renderInApp(<CreatePotPage />, { session: signedInState() });

    await fill(user, 'Pot name', 'Flat');
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    await fill(user, 'Member 1 name', 'Bob Hart');
    await user.click(screen.getByRole('button', { name: 'Create Pot' }));
    expect(await screen.findByText('Please enter both name and email.')).toBeVisible();
    expect(fetchMock.spy).not.toHaveBeenCalled();

    await fill(user, 'Member 1 email', 'bob@example.com');
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    await user.click(screen.getByRole('button', { name: 'Remove member 2' }));
    await user.click(screen.getByRole('button', { name: 'Create Pot' }));

    await waitFor(() => expect(fetchMock.requests).toHaveLength(1));
    expect(await fetchMock.requests[0].json()).toEqual({
      name: 'Flat',
      members: [{ name: 'Bob Hart', email: 'bob@example.com' }],
    });
    expect(
      await screen.findByText(`${aPotDetail().name} is ready. The invitation is on its way.`),
    ).toBeVisible();
  });

  it("shows 'Creation Failed' with the server's reason and marks the field", async () => {
    mockFetch(() =>
      problem(400, 'Pot name must be at most 80 characters.', {
        errors: [{ field: 'members.0.email', message: 'Please enter a valid email address.' }],
      }),
    );
    const { user } = renderInApp(<CreatePotPage />, { session: signedInState() });

    await fill(user, 'Pot name', 'Trip');
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    await fill(user, 'Member 1 name', 'Bob');
    await fill(user, 'Member 1 email', 'bob@example.com');
    await user.click(screen.getByRole('button', { name: 'Create Pot' }));

    expect(await screen.findByText('Creation Failed')).toBeVisible();
    expect(screen.getByText('Pot name must be at most 80 characters.')).toBeVisible();
    expect(screen.getByText('Please enter a valid email address.')).toBeVisible();
  });

  it("falls back to 'Failed to create pot. Please try again.' when the server fails", async () => {
    mockFetch(() => problem(503, 'pots service unavailable'));
    const { user } = renderInApp(<CreatePotPage />, { session: signedInState() });

    await fill(user, 'Pot name', 'Trip');
    await user.click(screen.getByRole('button', { name: 'Create Pot' }));

    expect(await screen.findByText('Creation Failed')).toBeVisible();
    expect(screen.getByText('Failed to create pot. Please try again.')).toBeVisible();
  });

  it('promises invitations only to the people listed', () => {
    expect(createdMessage('Flat', 0)).toBe('Flat is ready.');
    expect(createdMessage('Flat', 1)).toBe('Flat is ready. The invitation is on its way.');
    expect(createdMessage('Flat', 3)).toBe('Flat is ready. 3 invitations are on their way.');
  });

  it('builds the request from the form values', () => {
    expect(
      toCreatePotRequest({
        name: ' Trip ',
        location: '  ',
        hasStartDate: true,
        startDate: '2026-07-01',
        hasEndDate: false,
        endDate: '2026-07-09',
        members: [
          { name: '', email: '' },
          { name: ' Bob ', email: ' bob@example.com ' },
        ],
      }),
    ).toEqual({
      name: 'Trip',
      startDate: '2026-07-01',
      members: [{ name: 'Bob', email: 'bob@example.com' }],
    });
  });
});
