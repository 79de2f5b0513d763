import { screen, within } from '@testing-library/react';
import { useState } from 'react';

import { renderInApp } from '../test/render';
import type { SplitState } from './split';
import { SplitEditor } from './split-editor';

const members = [
  { id: 'ann', name: 'Ann' },
  { id: 'bob', name: 'Bob' },
  { id: 'cat', name: 'Cat' },
];

function Harness({ amountPence }: { amountPence: number | null }) {
  const [value, setValue] = useState<SplitState>({
    mode: 'equal',
    included: ['ann', 'bob', 'cat'],
    values: {},
  });
  return <SplitEditor members={members} amountPence={amountPence} value={value} onChange={setValue} />;
}

const share = (name: string) => screen.getByLabelText(`${name} pays`).textContent;

async function typeValue(user: ReturnType<typeof renderInApp>['user'], label: string, text: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  if (text) {
    await user.click(input);
    await user.paste(text);
  }
}

describe('SplitEditor (live preview)', () => {
  it('previews an equal split, pennies to the first members', () => {
    renderInApp(<Harness amountPence={1000} />);
    expect([share('Ann'), share('Bob'), share('Cat')]).toEqual(['£3.34', '£3.33', '£3.33']);
    expect(screen.getByText('Split between 3 people; the shares add up to £10.00.')).toBeVisible();
  });

  it('recomputes when someone is left out', async () => {
    const { user } = renderInApp(<Harness amountPence={1000} />);
    await user.click(screen.getByRole('checkbox', { name: 'Cat' }));
    expect([share('Ann'), share('Bob'), share('Cat')]).toEqual(['£5.00', '£5.00', '—']);
  });

  it('asks for the amount first', () => {
    renderInApp(<Harness amountPence={null} />);
    expect(screen.getByText('Enter the amount to see each share.')).toBeVisible();
    expect(share('Ann')).toBe('—');
  });

  it('starts exact amounts from an even split and shows the difference when they do not add up', async () => {
    const { user } = renderInApp(<Harness amountPence={1000} />);
    await user.click(screen.getByText('Exact amounts'));
    expect((screen.getByLabelText('Ann amount') as HTMLInputElement).value).toBe('3.34');

    await typeValue(user, 'Ann amount', '1');
    expect(screen.getByRole('alert').textContent).toBe('The amounts add up to £7.66: £2.34 short of £10.00.');
    expect(share('Ann')).toBe('—');

    await typeValue(user, 'Ann amount', '5.34');
    expect(screen.getByRole('alert').textContent).toBe(
      'The amounts add up to £12.00: £2.00 more than £10.00.',
    );

    await typeValue(user, 'Bob amount', '1.33');
    expect(screen.queryByRole('alert')).toBeNull();
    expect([share('Ann'), share('Bob'), share('Cat')]).toEqual(['£5.34', '£1.33', '£3.33']);
  });

  it('splits by percentages and shows how far from 100% they are', async () => {
    const { user } = renderInApp(<Harness amountPence={1000} />);
    await user.click(screen.getByText('Percentages'));
    expect((screen.getByLabelText('Ann percentage') as HTMLInputElement).value).toBe('33.34');
    expect([share('Ann'), share('Bob'), share('Cat')]).toEqual(['£3.34', '£3.33', '£3.33']);

    await typeValue(user, 'Ann percentage', '50');
    expect(screen.getByRole('alert').textContent).toBe(
      'The percentages add up to 116.66%: 16.66% over 100%.',
    );

    await typeValue(user, 'Bob percentage', '25');
    await typeValue(user, 'Cat percentage', '20');
    expect(screen.getByRole('alert').textContent).toBe('The percentages add up to 95%: 5% short of 100%.');

    await typeValue(user, 'Cat percentage', '25');
    expect([share('Ann'), share('Bob'), share('Cat')]).toEqual(['£5.00', '£2.50', '£2.50']);
  });

  it('splits by shares', async () => {
    const { user } = renderInApp(<Harness amountPence={1000} />);
    await user.click(screen.getByText('Shares'));
    await typeValue(user, 'Ann shares', '2');
    expect([share('Ann'), share('Bob'), share('Cat')]).toEqual(['£5.00', '£2.50', '£2.50']);

    await typeValue(user, 'Bob shares', '0');
    expect(screen.getByRole('alert').textContent).toBe('Shares must be whole numbers above 0 (Bob).');
  });

  it('needs at least one person', async () => {
    const { user } = renderInApp(<Harness amountPence={1000} />);
    const rows = within(screen.getByRole('list', { name: 'Split between' }));
    for (const name of ['Ann', 'Bob', 'Cat']) await user.click(rows.getByRole('checkbox', { name }));
    expect(screen.getByRole('alert').textContent).toBe('Choose at least one member to split with.');
  });
});
