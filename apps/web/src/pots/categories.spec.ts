import { EXPENSE_CATEGORY_LABELS } from '@kitty/contracts';

import { CATEGORY_LABELS, CATEGORY_OPTIONS } from './categories';

describe('expense categories', () => {
  it('reads each category as the activity feed does', () => {
    expect(CATEGORY_LABELS).toEqual(EXPENSE_CATEGORY_LABELS);
  });

  it('offers every category once, in the contract order', () => {
    expect(CATEGORY_OPTIONS.map((option) => option.value)).toEqual(Object.keys(EXPENSE_CATEGORY_LABELS));
  });
});
