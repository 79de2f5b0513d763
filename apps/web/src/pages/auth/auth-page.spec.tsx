import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';

import { anAuthSession } from '../../test/factories';
import { json, mockFetch, pathOf, problem } from '../../test/fetch-mock';
import { fill } from '../../test/fill';
import { renderInApp } from '../../test/render';
import AuthPage from './auth-page';

function renderAuth(route = '/auth') {
  return renderInApp(
    <Routes>
      <Route path="/auth" element={<AuthPage />} />
      <Route path="*" element={<p>Elsewhere</p>} />
    </Routes>,
    { route },
  );
}

describe('AuthPage', () => {
  describe('sign up', () => {
    it('explains every missing field, with a "Name required" toast for the name', async () => {
      const { user } = renderAuth('/auth?mode=sign-up');

      await user.click(screen.getByRole('button', { name: 'Create Account' }));

      expect(await screen.findByText('Name required')).toBeVisible();
      expect(screen.getAllByText('Please enter your full name.').length).toBeGreaterThanOrEqual(2); // field + toast
      expect(screen.getByText('Please enter your email address.')).toBeVisible();
      expect(screen.getByText('Please choose a password.')).toBeVisible();
    });

    it('rejects a blank name, an invalid e-mail and a password under 8 characters', async () => {
      const fetchMock = mockFetch(() => json({}));
      const { user } = renderAuth('/auth?mode=sign-up');

      await fill(user, 'Full name', '   ');
      await fill(user, 'Email', 'not-an-email');
      await fill(user, 'Password', 'short');
      await user.click(screen.getByRole('button', { name: 'Create Account' }));

      expect(await screen.findByText('Password must be at least 8 characters.')).toBeVisible();
      expect(screen.getByText('Please enter a valid email address.')).toBeVisible();
      expect(screen.getAllByText('Please enter your full name.').length).toBeGreaterThanOrEqual(1);
      expect(fetchMock.spy).not.toHaveBeenCalled();
    });

    it('creates the account without signing in and asks the user to check their inbox', async () => {
      const fetchMock = mockFetch(() => json({ status: 'verification-sent', email: 'ann@example.com' }, 202));
      const { user, store } = renderAuth('/auth?mode=sign-up');

      await fill(user, 'Full name', '  Ann Lee ');
      await fill(user, 'Email', 'ann@example.com');
      await fill(user, 'Password', 'correct horse');
      await user.click(screen.getByRole('button', { name: 'Create Account' }));

      expect(await screen.findByText('Check your inbox')).toBeVisible();
      expect(screen.getByText('ann@example.com')).toBeVisible();
      expect(store.getState().session.status).not.toBe('signedIn');
      const [request] = fetchMock.requests;
      expect(pathOf(request)).toBe('/api/auth/sign-up');
      expect(await request.json()).toEqual({
        fullName: 'Ann Lee',
        email: 'ann@example.com',
        password: 'correct horse',
      });
    });

    it("shows the server's password advice under the field", async () => {
      mockFetch(() =>
        problem(400, 'This password is too easy to guess. This is a heavily used password.', {
          title: 'Choose a stronger password',
          errors: [
            {
              field: 'password',
              message: 'This password is too easy to guess. This is a heavily used password.',
            },
          ],
        }),
      );
      const { user } = renderAuth('/auth?mode=sign-up');

      await fill(user, 'Full name', 'Ann Lee');
      await fill(user, 'Email', 'ann@example.com');
      await fill(user, 'Password', 'password');
      await user.click(screen.getByRole('button', { name: 'Create Account' }));

      expect(await screen.findByText('Sign up failed')).toBeVisible();
      expect(
        screen.getAllByText('This password is too easy to guess. This is a heavily used password.').length,
      ).toBeGreaterThanOrEqual(1);
    });

    it('marks the fields the server rejected', async () => {
      mockFetch(() =>
        problem(400, 'Please check the highlighted fields.', {
          errors: [{ field: 'email', message: 'This email domain cannot receive mail.' }],
        }),
      );
      const { user } = renderAuth('/auth?mode=sign-up');

      await fill(user, 'Full name', 'Ann Lee');
      await fill(user, 'Email', 'ann@example.invalid');
      await fill(user, 'Password', 'correct horse');
      await user.click(screen.getByRole('button', { name: 'Create Account' }));

      expect(await screen.findByText('This email domain cannot receive mail.')).toBeVisible();
      // The field's message shows at once; the toast once its (lazy) host has loaded.
      expect(await screen.findByText('Please check the highlighted fields.')).toBeVisible();
    });

    it("shows the server's reason when sign-up fails", async () => {
      mockFetch(() => problem(409, 'An account with this email already exists'));
      const { user } = renderAuth('/auth?mode=sign-up');

      await fill(user, 'Full name', 'Ann Lee');
      await fill(user, 'Email', 'ann@example.com');
      await fill(user, 'Password', 'correct horse');
      await user.click(screen.getByRole('button', { name: 'Create Account' }));

      expect(await screen.findByText('Sign up failed')).toBeVisible();
      expect(screen.getByText('An account with this email already exists')).toBeVisible();
    });
  });

  describe('sign in', () => {
    it('requires e-mail and password', async () => {
      const { user } = renderAuth();

      await user.click(screen.getByRole('button', { name: 'Sign In' }));

      expect(await screen.findByText('Please enter your email address.')).toBeVisible();
      expect(screen.getByText('Please enter your password.')).toBeVisible();
    });

    it('signs in and returns to the page the visitor came from', async () => {
      mockFetch(() => json(anAuthSession()));
      const { user } = renderAuth('/auth?next=%2Fpot%2F42');

      await fill(user, 'Email', 'ann@example.com');
      await fill(user, 'Password', 'correct horse');
      await user.click(screen.getByRole('button', { name: 'Sign In' }));

      expect(await screen.findByText('Welcome back!')).toBeVisible();
      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/pot/42'));
    });

    it('ignores a return path that leaves the site', async () => {
      mockFetch(() => json(anAuthSession()));
      const { user } = renderAuth('/auth?next=https%3A%2F%2Fevil.example');

      await fill(user, 'Email', 'ann@example.com');
      await fill(user, 'Password', 'correct horse');
      await user.click(screen.getByRole('button', { name: 'Sign In' }));

      await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    });

    it("shows 'Sign in failed' with the server's detail", async () => {
      mockFetch(() => problem(401, 'Invalid email or password'));
      const { user, store } = renderAuth();

      await fill(user, 'Email', 'ann@example.com');
      await fill(user, 'Password', 'wrong password');
      await user.click(screen.getByRole('button', { name: 'Sign In' }));

      expect(await screen.findByText('Sign in failed')).toBeVisible();
      expect(screen.getByText('Invalid email or password')).toBeVisible();
      expect(store.getState().session.status).toBe('signedOut');
    });

    it('switches to sign up and back, keeping the way back', async () => {
      const { user } = renderAuth('/auth?next=%2Ftop-up');

      await user.click(screen.getByRole('button', { name: 'Sign Up' }));
      expect(screen.getByRole('button', { name: 'Create Account' })).toBeVisible();
      expect(screen.getByTestId('location').textContent).toBe('/auth?next=%2Ftop-up&mode=sign-up');

      await user.click(screen.getByRole('button', { name: 'Sign In' }));
      expect(screen.getByRole('button', { name: 'Sign In' })).toBeVisible();
    });
  });
});
