import { fireEvent, screen, waitFor } from '@testing-library/react';

import { anExpense, POT_ID } from '../test/factories';
import { json, mockFetch, noContent, pathOf } from '../test/fetch-mock';
import { renderInApp } from '../test/render';
import { ExpenseReceipt } from './expense-receipt';

const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const pngFile = () =>
  new File([Uint8Array.from(atob(PNG_BASE64), (char) => char.charCodeAt(0))], 'receipt.png', {
    type: 'image/png',
  });

describe('ExpenseReceipt', () => {
  it('uploads a chosen photo as base64 with its type', async () => {
    const expense = anExpense();
    const fetchMock = mockFetch(() =>
      json({
        expenseId: expense.id,
        contentType: 'image/png',
        sizeBytes: 70,
        uploadedAt: '2026-11-26T10:00:00Z',
      }),
    );
    renderInApp(<ExpenseReceipt potId={POT_ID} expense={expense} canChange />);
    expect(screen.queryByRole('button', { name: 'Receipt of Dinner' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Receipt photo for Dinner'), { target: { files: [pngFile()] } });

    expect(await screen.findByText('Receipt added')).toBeVisible();
    const [request] = fetchMock.requests;
    expect(request.method).toBe('PUT');
    expect(pathOf(request)).toBe(`/api/pots/${POT_ID}/expenses/${expense.id}/receipt`);
    expect(await request.json()).toEqual({ contentType: 'image/png', dataBase64: PNG_BASE64 });
  });

  it('refuses a file that is not a photo without sending it', async () => {
    const fetchMock = mockFetch(() => json({}));
    renderInApp(<ExpenseReceipt potId={POT_ID} expense={anExpense()} canChange />);
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'x.svg', { type: 'image/svg+xml' });

    fireEvent.change(screen.getByLabelText('Receipt photo for Dinner'), { target: { files: [svg] } });

    expect(await screen.findByText('Choose a photo (JPEG, PNG or WebP).')).toBeVisible();
    expect(fetchMock.spy).not.toHaveBeenCalled();
  });

  it('shows the photo to a member who cannot change it, with nothing to change', async () => {
    const expense = anExpense({ hasReceipt: true });
    mockFetch(() => json({ expenseId: expense.id, contentType: 'image/png', dataBase64: PNG_BASE64 }));
    const { user } = renderInApp(<ExpenseReceipt potId={POT_ID} expense={expense} canChange={false} />);

    await user.click(screen.getByRole('button', { name: 'Receipt of Dinner' }));

    const photo = (await screen.findByAltText('Receipt of Dinner')) as HTMLImageElement;
    expect(photo.src).toBe(`data:image/png;base64,${PNG_BASE64}`);
    expect(screen.queryByRole('button', { name: 'Remove receipt' })).toBeNull();
    expect(screen.queryByLabelText('Receipt photo for Dinner')).toBeNull();
  });

  it('lets who may change it remove it after asking', async () => {
    const expense = anExpense({ hasReceipt: true });
    const fetchMock = mockFetch((request) =>
      request.method === 'DELETE'
        ? noContent()
        : json({ expenseId: expense.id, contentType: 'image/png', dataBase64: PNG_BASE64 }),
    );
    const { user } = renderInApp(<ExpenseReceipt potId={POT_ID} expense={expense} canChange />);
    expect(screen.getByRole('button', { name: 'Replace receipt of Dinner' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Receipt of Dinner' }));
    await user.click(await screen.findByRole('button', { name: 'Remove receipt' }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Receipt removed')).toBeVisible();
    await waitFor(() => expect(fetchMock.requests.some((request) => request.method === 'DELETE')).toBe(true));
  });
});
