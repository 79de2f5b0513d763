import { screen, waitFor } from '@testing-library/react';

import { signedInState } from '../../test/factories';
import { json, mockFetch, pathOf, problem } from '../../test/fetch-mock';
import { fill } from '../../test/fill';
import { renderInApp } from '../../test/render';
import ContactPage from './contact-page';

async function fillIn(user: ReturnType<typeof renderInApp>['user']) {
  await fill(user, 'Name', 'Ann Lee');
  await fill(user, 'Email', 'ann@example.com');
  await fill(user, 'Subject', 'Card question');
  await fill(user, 'Message', 'How do I add my card to Apple Pay?');
}

describe('ContactPage', () => {
  it('requires all four fields', async () => {
    const fetchMock = mockFetch(() => json({ id: 'unused' }, 201));
    const { user } = renderInApp(<ContactPage />);

    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Please enter your name.')).toBeVisible();
    expect(screen.getByText('Please enter your email address.')).toBeVisible();
    expect(screen.getByText('Please enter a subject.')).toBeVisible();
    expect(screen.getByText('Please enter your message.')).toBeVisible();
    expect(fetchMock.spy).not.toHaveBeenCalled();
  });

  it('sends the message, confirms it and clears the form', async () => {
    const fetchMock = mockFetch(() => json({ id: 'f3a1c2d4-0000-4000-8000-000000000001' }, 201));
    const { user } = renderInApp(<ContactPage />);

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Message Sent')).toBeVisible();
    expect(screen.getByText("We'll get back to you within 24 hours.")).toBeVisible();
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe(''));
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('');

    const [request] = fetchMock.requests;
    expect(request.method).toBe('POST');
    expect(pathOf(request)).toBe('/api/contact');
    expect(await request.json()).toEqual({
      name: 'Ann Lee',
      email: 'ann@example.com',
      subject: 'Card question',
      message: 'How do I add my card to Apple Pay?',
    });
  });

  it('shows the loading state while sending', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = renderInApp(<ContactPage />);

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Send Message/ }).className).toContain('ant-btn-loading'),
    );
    answer(json({ id: 'x' }, 201));
    expect(await screen.findByText('Message Sent')).toBeVisible();
  });

  it("shows the server's explanation of a rejected message and marks the field", async () => {
    mockFetch(() =>
      problem(400, 'The message is too long.', {
        errors: [{ field: 'message', message: 'At most 5000 characters' }],
      }),
    );
    const { user } = renderInApp(<ContactPage />);

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('The message is too long.')).toBeVisible();
    expect(screen.getByText('At most 5000 characters')).toBeVisible();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ann Lee');
  });

  it('asks to try again later when the server fails', async () => {
    mockFetch(() => problem(503, 'notifications service unavailable'));
    const { user } = renderInApp(<ContactPage />);

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Something went wrong')).toBeVisible();
    expect(screen.getByText('Please try again later.')).toBeVisible();
    expect(screen.queryByText('notifications service unavailable')).toBeNull();
  });

  it("starts with a signed-in user's name and e-mail", () => {
    renderInApp(<ContactPage />, { session: signedInState() });
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ann Lee');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ann@example.com');
  });

  it('lists the support hours and contacts', () => {
    renderInApp(<ContactPage />);
    expect(screen.getByText('Mon-Fri')).toBeVisible();
    expect(screen.getByText('9:00-18:00 GMT')).toBeVisible();
    expect(screen.getByText('10:00-16:00')).toBeVisible();
    expect(screen.getByText('Closed')).toBeVisible();
    expect(screen.getByRole('link', { name: 'support@kitty.example' }).getAttribute('href')).toBe(
      'mailto:support@kitty.example',
    );
    expect(screen.getByRole('link', { name: '+44 20 7946 0000' }).getAttribute('href')).toBe(
      'tel:+442079460000',
    );
  });
});
